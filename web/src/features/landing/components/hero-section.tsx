import type { ReactNode } from 'react';
import CheckCircleFilledSvg from '@ant-design/icons-svg/es/asn/CheckCircleFilled';
import ClockCircleFilledSvg from '@ant-design/icons-svg/es/asn/ClockCircleFilled';
import MinusCircleOutlinedSvg from '@ant-design/icons-svg/es/asn/MinusCircleOutlined';
import { Link } from 'react-router-dom';
import { scrollToAnchor } from '../../../components/hash-link';
import { landingAnchors, paths } from '../../../config/paths';
import { heroProgress, statusLabels, type SampleTaskStatus } from '../landing-content';
import { SvgIcon } from '../../../components/svg-icon';
import { useT } from '../../../i18n/i18n';

const statusIcons: Record<SampleTaskStatus, ReactNode> = {
  done: <SvgIcon icon={CheckCircleFilledSvg} aria-hidden="true" />,
  in_progress: <SvgIcon icon={ClockCircleFilledSvg} aria-hidden="true" />,
  todo: <SvgIcon icon={MinusCircleOutlinedSvg} aria-hidden="true" />,
};

function ProgressPreviewCard() {
  const t = useT();
  return (
    <figure className="progress-card" aria-labelledby="progress-card-caption">
      <figcaption id="progress-card-caption" className="visually-hidden">
        {t('Illustration: a venture roadmap that is {percent}% complete', { percent: heroProgress.percent })}
      </figcaption>
      <div className="progress-card__header">
        <div>
          <p className="progress-card__name">{heroProgress.ventureName}</p>
          <p className="progress-card__blurb">{t(heroProgress.blurb)}</p>
        </div>
        <span className="progress-card__badge">{t('Example')}</span>
      </div>
      <div className="progress-card__meter">
        <div className="progress-card__meter-label">
          <span>{t('Overall progress')}</span>
          <strong>{t('{percent}% complete', { percent: heroProgress.percent })}</strong>
        </div>
        <div
          className="progress-card__track"
          role="progressbar"
          aria-label={t('Overall progress')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={heroProgress.percent}
        >
          <div className="progress-card__fill" style={{ width: `${heroProgress.percent}%` }} />
        </div>
      </div>
      <ul className="progress-card__tasks">
        {heroProgress.tasks.map((task) => (
          <li key={task.title} className={`progress-card__task progress-card__task--${task.status}`}>
            {statusIcons[task.status]}
            <span className="progress-card__task-text">
              <span className="progress-card__task-title">{t(task.title)}</span>
              <span className="progress-card__task-category">{t(task.category)}</span>
            </span>
            <span className="progress-card__status">{t(statusLabels[task.status])}</span>
          </li>
        ))}
      </ul>
    </figure>
  );
}

export function HeroSection() {
  const t = useT();
  return (
    <section className="hero" aria-labelledby="hero-heading">
      <div className="landing-container hero__inner">
        <div className="hero__copy">
          <p className="hero__eyebrow">{t('The launch roadmap for founders')}</p>
          <h1 id="hero-heading" className="hero__title">
            {t('Turn your startup idea into a venture that launches')}
          </h1>
          <p className="hero__lead">
            {t(
              'Venture Roadmap breaks the road from idea to launch into 50 guided tasks across research, team, product, funding and marketing, so you always know what to do next and how far you have come.',
            )}
          </p>
          <div className="hero__actions">
            <Link to={paths.auth.getHref()} className="button button--primary button--large">
              {t('Start for free')}
            </Link>
            <button
              type="button"
              className="button button--secondary button--large"
              data-scroll-to={landingAnchors.features.id}
              onClick={() => scrollToAnchor(landingAnchors.features.id)}
            >
              {t('Learn more')}
            </button>
          </div>
          <p className="hero__note">{t('One venture and a complete roadmap on the free plan.')}</p>
        </div>
        <ProgressPreviewCard />
      </div>
    </section>
  );
}
