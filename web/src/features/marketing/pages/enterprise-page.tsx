import BarChartOutlinedSvg from '@ant-design/icons-svg/es/asn/BarChartOutlined';
import BgColorsOutlinedSvg from '@ant-design/icons-svg/es/asn/BgColorsOutlined';
import CheckCircleFilledSvg from '@ant-design/icons-svg/es/asn/CheckCircleFilled';
import ClusterOutlinedSvg from '@ant-design/icons-svg/es/asn/ClusterOutlined';
import CustomerServiceOutlinedSvg from '@ant-design/icons-svg/es/asn/CustomerServiceOutlined';
import LayoutOutlinedSvg from '@ant-design/icons-svg/es/asn/LayoutOutlined';
import SafetyCertificateOutlinedSvg from '@ant-design/icons-svg/es/asn/SafetyCertificateOutlined';
import type { ReactNode } from 'react';
import { scrollToAnchor } from '../../../components/hash-link';
import { Seo } from '../../../components/seo';
import { site } from '../../../config/site';
import { EnterpriseForm } from '../components/enterprise-form';
import {
  benefits,
  enterpriseFeatures,
  faqs,
  previewProgress,
  successStories,
  trustedBy,
  type EnterpriseFeatureKey,
} from '../enterprise-content';
import { enterpriseSeo } from '../marketing-seo';
import '../marketing.css';
import { SvgIcon } from '../../../components/svg-icon';
import { useT } from '../../../i18n/i18n';

const FEATURES_ID = 'enterprise-features';
const FORM_ID = 'enterprise-contact';

const featureIcons: Record<EnterpriseFeatureKey, ReactNode> = {
  branding: <SvgIcon icon={BgColorsOutlinedSvg} aria-hidden="true" />,
  management: <SvgIcon icon={LayoutOutlinedSvg} aria-hidden="true" />,
  analytics: <SvgIcon icon={BarChartOutlinedSvg} aria-hidden="true" />,
  security: <SvgIcon icon={SafetyCertificateOutlinedSvg} aria-hidden="true" />,
  templates: <SvgIcon icon={ClusterOutlinedSvg} aria-hidden="true" />,
  support: <SvgIcon icon={CustomerServiceOutlinedSvg} aria-hidden="true" />,
};

/** A logo stand-in: the first letters of the institution's first two words ("NU"). */
function initialsOf(name: string): string {
  return name
    .split(/\s+/)
    .slice(0, 2)
    .map((word) => word.charAt(0))
    .join('');
}

function CoBrandedPreview() {
  const t = useT();
  return (
    <figure className="cobrand-card" aria-labelledby="cobrand-caption">
      <figcaption id="cobrand-caption" className="visually-hidden">
        {t('Illustration: a co-branded roadmap for {institution} that is {percent}% complete', {
          institution: previewProgress.institution,
          percent: previewProgress.percent,
        })}
      </figcaption>
      <div className="cobrand-card__brand">
        <span className="cobrand-card__logo" aria-hidden="true">
          {initialsOf(previewProgress.institution)}
        </span>
        <div>
          <p className="cobrand-card__institution">{previewProgress.institution}</p>
          <p className="cobrand-card__program">{t(previewProgress.program)}</p>
        </div>
        <span className="cobrand-card__powered">{t('Powered by {platform}', { platform: site.name })}</span>
      </div>
      <div className="cobrand-card__body">
        <div className="cobrand-card__meter-label">
          <span>{t('Cohort roadmap')}</span>
          <strong>{t('{percent}% complete', { percent: previewProgress.percent })}</strong>
        </div>
        <div
          className="cobrand-card__track"
          role="progressbar"
          aria-label={t('Cohort roadmap progress')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={previewProgress.percent}
        >
          <div className="cobrand-card__fill" style={{ width: `${previewProgress.percent}%` }} />
        </div>
        <ul className="cobrand-card__tasks">
          {previewProgress.tasks.map((task) => (
            <li key={task.title}>
              <span>{t(task.title)}</span>
              <span className="cobrand-card__status">{t(task.status)}</span>
            </li>
          ))}
        </ul>
      </div>
    </figure>
  );
}

/** The offer for institutions (spec §1, §2 "Enterprise"). */
export function EnterprisePage() {
  const t = useT();
  return (
    <>
      <Seo {...enterpriseSeo} />
      <section className="marketing-hero enterprise-hero" aria-labelledby="enterprise-heading">
        <div className="marketing-container enterprise-hero__inner">
          <div>
            <p className="marketing-eyebrow">{t('Enterprise')}</p>
            <h1 id="enterprise-heading" className="marketing-hero__title">
              {t('Empower every founder in your program')}
            </h1>
            <p className="marketing-hero__lead">
              {t(
                'Give your university, incubator or accelerator a co-branded venture roadmap platform, with one dashboard for all your ventures and the analytics to prove your impact.',
              )}
            </p>
            <div className="marketing-actions">
              <button
                type="button"
                className="button button--primary button--large"
                data-scroll-to={FORM_ID}
                onClick={() => scrollToAnchor(FORM_ID)}
              >
                {t('Request a Demo')}
              </button>
              <button
                type="button"
                className="button button--secondary button--large"
                data-scroll-to={FEATURES_ID}
                onClick={() => scrollToAnchor(FEATURES_ID)}
              >
                {t('Learn more')}
              </button>
            </div>
          </div>
          <CoBrandedPreview />
        </div>
      </section>

      <section className="trusted-row" aria-labelledby="trusted-heading">
        <div className="marketing-container">
          <h2 id="trusted-heading" className="trusted-row__heading">
            {t('Trusted by leading institutions')}
          </h2>
          <ul className="trusted-row__logos">
            {trustedBy.map((name) => (
              <li key={name} className="trusted-row__logo">
                {name}
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section id={FEATURES_ID} className="marketing-section" aria-labelledby="enterprise-features-heading">
        <div className="marketing-container">
          <div className="marketing-heading">
            <h2 id="enterprise-features-heading">{t('Everything your program needs')}</h2>
            <p>{t('Built for institutions that support many founders at once.')}</p>
          </div>
          <ul className="marketing-grid marketing-grid--three">
            {enterpriseFeatures.map((feature) => (
              <li key={feature.key} className="marketing-card">
                <span className="marketing-card__icon">{featureIcons[feature.key]}</span>
                <h3>{t(feature.title)}</h3>
                <p>{t(feature.text)}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="marketing-section marketing-section--muted" aria-labelledby="benefits-heading">
        <div className="marketing-container">
          <div className="marketing-heading">
            <h2 id="benefits-heading">{t('Why institutions choose us')}</h2>
            <p>{t('Implementation in 2-4 weeks, unlimited users and ventures, and 24/7 support.')}</p>
          </div>
          <ul className="marketing-grid marketing-grid--two">
            {benefits.map((benefit) => (
              <li key={benefit.title} className="benefit">
                <SvgIcon icon={CheckCircleFilledSvg} aria-hidden="true" />
                <div>
                  <h3>{t(benefit.title)}</h3>
                  <p>{t(benefit.text)}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="marketing-section" aria-labelledby="stories-heading">
        <div className="marketing-container">
          <div className="marketing-heading">
            <h2 id="stories-heading">{t('Success stories')}</h2>
            <p>{t('Programs that run on Venture Roadmap.')}</p>
          </div>
          <ul className="marketing-grid marketing-grid--three">
            {successStories.map((story) => (
              <li key={story.organization} className="marketing-card story-card">
                <h3>{story.organization}</h3>
                <p className="story-card__stat">{t(story.statistic)}</p>
                <blockquote className="story-card__quote">
                  <p>“{t(story.quote)}”</p>
                </blockquote>
                <p className="story-card__author">{t(story.author)}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section
        id={FORM_ID}
        className="marketing-section marketing-section--muted"
        aria-labelledby="enterprise-form-heading"
      >
        <div className="marketing-container enterprise-form-layout">
          <div>
            <h2 id="enterprise-form-heading" className="marketing-section__title">
              {t('Get Started with Enterprise')}
            </h2>
            <p>
              {t(
                'Tell us about your program. Our team will set up a demo and walk you through pricing, branding and implementation.',
              )}
            </p>
          </div>
          <div className="marketing-panel">
            <EnterpriseForm />
          </div>
        </div>
      </section>

      <section className="marketing-section" aria-labelledby="faq-heading">
        <div className="marketing-container marketing-narrow">
          <div className="marketing-heading">
            <h2 id="faq-heading">{t('Frequently asked questions')}</h2>
          </div>
          <div className="faq-list">
            {faqs.map((faq) => (
              <details key={faq.question} className="faq-item">
                <summary>{t(faq.question)}</summary>
                <p>{t(faq.answer)}</p>
              </details>
            ))}
          </div>
        </div>
      </section>

      <section className="marketing-cta" aria-labelledby="enterprise-cta-heading">
        <div className="marketing-container marketing-cta__inner">
          <h2 id="enterprise-cta-heading">{t('Ready to transform your entrepreneurship program?')}</h2>
          <p>{t('See how Venture Roadmap can work for your institution.')}</p>
          <button
            type="button"
            className="button button--inverted button--large"
            data-scroll-to={FORM_ID}
            onClick={() => scrollToAnchor(FORM_ID)}
          >
            {t('Contact our team')}
          </button>
        </div>
      </section>
    </>
  );
}
