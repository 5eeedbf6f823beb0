import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { useT } from '../../../i18n/i18n';

export function ClosingCta() {
  const t = useT();
  return (
    <section className="closing-cta" aria-labelledby="closing-cta-heading">
      <div className="landing-container closing-cta__inner">
        <h2 id="closing-cta-heading">{t('Ready to build your venture?')}</h2>
        <p>{t('Create your free account and get a complete launch roadmap for your idea today.')}</p>
        <Link to={paths.auth.getHref()} className="button button--inverted button--large">
          {t('Get started for free')}
        </Link>
      </div>
    </section>
  );
}
