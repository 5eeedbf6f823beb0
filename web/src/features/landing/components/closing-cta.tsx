import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';

export function ClosingCta() {
  return (
    <section className="closing-cta" aria-labelledby="closing-cta-heading">
      <div className="landing-container closing-cta__inner">
        <h2 id="closing-cta-heading">Ready to build your venture?</h2>
        <p>Create your free account and get a complete launch roadmap for your idea today.</p>
        <Link to={paths.auth.getHref()} className="button button--inverted button--large">
          Get started for free
        </Link>
      </div>
    </section>
  );
}
