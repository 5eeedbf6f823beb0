import AimOutlinedSvg from '@ant-design/icons-svg/es/asn/AimOutlined';
import AppstoreOutlinedSvg from '@ant-design/icons-svg/es/asn/AppstoreOutlined';
import BarChartOutlinedSvg from '@ant-design/icons-svg/es/asn/BarChartOutlined';
import CalendarOutlinedSvg from '@ant-design/icons-svg/es/asn/CalendarOutlined';
import ReadOutlinedSvg from '@ant-design/icons-svg/es/asn/ReadOutlined';
import TeamOutlinedSvg from '@ant-design/icons-svg/es/asn/TeamOutlined';
import type { ReactNode } from 'react';
import { landingAnchors } from '../../../config/paths';
import { features, type FeatureKey } from '../landing-content';
import { SvgIcon } from '../../../components/svg-icon';
import { useT } from '../../../i18n/i18n';

const featureIcons: Record<FeatureKey, ReactNode> = {
  roadmaps: <SvgIcon icon={AimOutlinedSvg} />,
  progress: <SvgIcon icon={BarChartOutlinedSvg} />,
  timeline: <SvgIcon icon={CalendarOutlinedSvg} />,
  collaboration: <SvgIcon icon={TeamOutlinedSvg} />,
  resources: <SvgIcon icon={ReadOutlinedSvg} />,
  ventures: <SvgIcon icon={AppstoreOutlinedSvg} />,
};

export function FeaturesSection() {
  const t = useT();
  return (
    <section id={landingAnchors.features.id} className="landing-section" aria-labelledby="features-heading">
      <div className="landing-container">
        <header className="section-heading">
          <p className="section-heading__eyebrow">{t('Features')}</p>
          <h2 id="features-heading">{t('Everything you need to go from idea to launch')}</h2>
          <p>
            {t(
              'A proven path through the work every startup faces, with the structure and guidance to keep moving when the road gets busy.',
            )}
          </p>
        </header>
        <ul className="feature-grid">
          {features.map((feature) => (
            <li key={feature.key} className="feature-card">
              <span className="feature-card__icon" aria-hidden="true">
                {featureIcons[feature.key]}
              </span>
              <h3>{t(feature.title)}</h3>
              <p>{t(feature.text)}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
