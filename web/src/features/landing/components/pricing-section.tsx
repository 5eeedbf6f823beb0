import CheckOutlinedSvg from '@ant-design/icons-svg/es/asn/CheckOutlined';
import { Link } from 'react-router-dom';
import { landingAnchors, paths } from '../../../config/paths';
import { plans } from '../landing-content';
import { SvgIcon } from '../../../components/svg-icon';
import { useT } from '../../../i18n/i18n';

type Plan = (typeof plans)[keyof typeof plans];

interface PlanCardProps {
  plan: Plan;
  href: string;
  featured?: boolean;
}

function PlanCard({ plan, href, featured = false }: PlanCardProps) {
  const t = useT();
  const headingId = `plan-${plan.name.toLowerCase()}`;
  return (
    <article className={featured ? 'plan-card plan-card--featured' : 'plan-card'} aria-labelledby={headingId}>
      <h3 id={headingId} className="plan-card__name">
        {t(plan.name)}
      </h3>
      <p className="plan-card__audience">{t(plan.audience)}</p>
      <p className="plan-card__price">
        <span className="plan-card__amount">{t(plan.price)}</span>
        <span className="plan-card__period">{t(plan.period)}</span>
      </p>
      <ul className="plan-card__items">
        {plan.items.map((item) => (
          <li key={item}>
            <SvgIcon icon={CheckOutlinedSvg} aria-hidden="true" />
            <span>{t(item)}</span>
          </li>
        ))}
      </ul>
      <Link
        to={href}
        className={`button button--large button--block ${featured ? 'button--primary' : 'button--secondary'}`}
      >
        {t(plan.action)}
      </Link>
    </article>
  );
}

export function PricingSection() {
  const t = useT();
  return (
    <section id={landingAnchors.pricing.id} className="landing-section" aria-labelledby="pricing-heading">
      <div className="landing-container">
        <header className="section-heading">
          <p className="section-heading__eyebrow">{t('Pricing')}</p>
          <h2 id="pricing-heading">{t('Simple pricing that grows with you')}</h2>
          <p>{t('Start on your own for free. Bring your whole program on board when you are ready.')}</p>
        </header>
        <div className="plan-grid">
          <PlanCard plan={plans.free} href={paths.auth.getHref()} featured />
          <PlanCard plan={plans.enterprise} href={paths.enterprise.getHref()} />
        </div>
      </div>
    </section>
  );
}
