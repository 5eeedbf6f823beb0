import BulbOutlinedSvg from '@ant-design/icons-svg/es/asn/BulbOutlined';
import EyeOutlinedSvg from '@ant-design/icons-svg/es/asn/EyeOutlined';
import TeamOutlinedSvg from '@ant-design/icons-svg/es/asn/TeamOutlined';
import TrophyOutlinedSvg from '@ant-design/icons-svg/es/asn/TrophyOutlined';
import type { ReactNode } from 'react';
import { Seo } from '../../../components/seo';
import { aboutSeo } from '../marketing-seo';
import { MarketingCta } from '../components/marketing-cta';
import '../marketing.css';
import { SvgIcon } from '../../../components/svg-icon';
import { msg, useT } from '../../../i18n/i18n';

/** The founder's name and initials (a name is the same in every language). */
const FOUNDER = { name: 'Dr. Daniel Mercer', initials: 'DM' };

const values: { title: string; text: string; icon: ReactNode }[] = [
  {
    title: msg('Clarity'),
    text: msg(
      'Building a company is complicated. We turn it into clear, ordered steps so founders always know what comes next.',
    ),
    icon: <SvgIcon icon={EyeOutlinedSvg} aria-hidden="true" />,
  },
  {
    title: msg('Innovation'),
    text: msg(
      'We keep improving our roadmaps and guides with what founders, mentors and programs teach us every day.',
    ),
    icon: <SvgIcon icon={BulbOutlinedSvg} aria-hidden="true" />,
  },
  {
    title: msg('Community'),
    text: msg(
      'No founder should build alone. We connect co-founders, mentors and institutions around a shared plan.',
    ),
    icon: <SvgIcon icon={TeamOutlinedSvg} aria-hidden="true" />,
  },
  {
    title: msg('Excellence'),
    text: msg(
      'Every task guide is written from real experience, held to a high standard and kept practical.',
    ),
    icon: <SvgIcon icon={TrophyOutlinedSvg} aria-hidden="true" />,
  },
];

/** The story, mission, values and founder (spec §1, §2 "About"). */
export function AboutPage() {
  const t = useT();
  return (
    <>
      <Seo {...aboutSeo} />
      <section className="marketing-hero" aria-labelledby="about-heading">
        <div className="marketing-container">
          <p className="marketing-eyebrow">{t('About Venture Roadmap')}</p>
          <h1 id="about-heading" className="marketing-hero__title">
            {t('We help founders turn ideas into ventures')}
          </h1>
          <p className="marketing-hero__lead">
            {t(
              'Venture Roadmap gives entrepreneurs a guided path from the first idea to launch day, with the structure, guidance and progress tracking that usually only the best programs provide.',
            )}
          </p>
        </div>
      </section>

      <section className="marketing-section" aria-labelledby="story-heading">
        <div className="marketing-container marketing-split">
          <div>
            <h2 id="story-heading" className="marketing-section__title">
              {t('Our story')}
            </h2>
            <p>
              {t(
                'Venture Roadmap was founded in 2025 by a team of entrepreneurs, advisors and developers. Between us we had launched companies, coached founders and built software, and we kept seeing the same thing: talented people stalled not for lack of ideas, but for lack of a clear path.',
              )}
            </p>
            <p>
              {t(
                'So we wrote that path down. Fifty launch tasks across research, team and legal, product, funding and marketing, each with a guide explaining why it matters and how to do it well.',
              )}
            </p>
          </div>
          <div>
            <h2 className="marketing-section__title">{t('Our mission')}</h2>
            <p>
              {t(
                'Our mission is to make the road from idea to launch clear for every founder, wherever they start, so that more good ideas become ventures that last.',
              )}
            </p>
            <p>
              {t(
                'We work with individual founders and with the universities, incubators and accelerators that support them.',
              )}
            </p>
          </div>
        </div>
      </section>

      <section className="marketing-section marketing-section--muted" aria-labelledby="values-heading">
        <div className="marketing-container">
          <div className="marketing-heading">
            <h2 id="values-heading">{t('Our values')}</h2>
            <p>{t('Four ideas guide everything we build.')}</p>
          </div>
          <ul className="marketing-grid marketing-grid--four">
            {values.map((value) => (
              <li key={value.title} className="marketing-card">
                <span className="marketing-card__icon">{value.icon}</span>
                <h3>{t(value.title)}</h3>
                <p>{t(value.text)}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="marketing-section" aria-labelledby="founder-heading">
        <div className="marketing-container">
          <div className="marketing-heading">
            <h2 id="founder-heading">{t('Meet the founder')}</h2>
          </div>
          <article className="founder-card">
            <span className="founder-card__avatar" aria-hidden="true">
              {FOUNDER.initials}
            </span>
            <div>
              <h3 className="founder-card__name">{FOUNDER.name}</h3>
              <p className="founder-card__role">{t('Founder & CEO')}</p>
              <p>
                {t(
                  'Daniel brings 20+ years of experience in entrepreneurship and venture development. He has worked with over 1000 entrepreneurs at universities, helping student and faculty founders take their ideas from the lab to the market. Venture Roadmap distils what he taught them into a path anyone can follow.',
                )}
              </p>
            </div>
          </article>
        </div>
      </section>

      <MarketingCta
        heading={t('Start building your venture today')}
        text={t('Create your free account and get a complete launch roadmap in minutes.')}
        action="Get started for free"
      />
    </>
  );
}
