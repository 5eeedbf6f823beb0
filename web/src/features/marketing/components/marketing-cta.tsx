import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';

interface MarketingCtaProps {
  heading: string;
  text: string;
  action: string;
}

/** The closing call to action of the about and contact pages: one link to /auth. */
export function MarketingCta({ heading, text, action }: MarketingCtaProps) {
  return (
    <section className="marketing-cta" aria-labelledby="marketing-cta-heading">
      <div className="marketing-container marketing-cta__inner">
        <h2 id="marketing-cta-heading">{heading}</h2>
        <p>{text}</p>
        <Link to={paths.auth.getHref()} className="button button--inverted button--large">
          {action}
        </Link>
      </div>
    </section>
  );
}
