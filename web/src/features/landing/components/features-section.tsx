import {
  AimOutlined,
  AppstoreOutlined,
  BarChartOutlined,
  CalendarOutlined,
  ReadOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import { landingAnchors } from '../../../config/paths';
import { features, type FeatureKey } from '../landing-content';

const featureIcons: Record<FeatureKey, ReactNode> = {
  roadmaps: <AimOutlined />,
  progress: <BarChartOutlined />,
  timeline: <CalendarOutlined />,
  collaboration: <TeamOutlined />,
  resources: <ReadOutlined />,
  ventures: <AppstoreOutlined />,
};

export function FeaturesSection() {
  return (
    <section id={landingAnchors.features.id} className="landing-section" aria-labelledby="features-heading">
      <div className="landing-container">
        <header className="section-heading">
          <p className="section-heading__eyebrow">Features</p>
          <h2 id="features-heading">Everything you need to go from idea to launch</h2>
          <p>
            A proven path through the work every startup faces, with the structure and guidance to keep moving
            when the road gets busy.
          </p>
        </header>
        <ul className="feature-grid">
          {features.map((feature) => (
            <li key={feature.key} className="feature-card">
              <span className="feature-card__icon" aria-hidden="true">
                {featureIcons[feature.key]}
              </span>
              <h3>{feature.title}</h3>
              <p>{feature.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
