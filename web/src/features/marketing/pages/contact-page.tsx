import ClockCircleOutlinedSvg from '@ant-design/icons-svg/es/asn/ClockCircleOutlined';
import EnvironmentOutlinedSvg from '@ant-design/icons-svg/es/asn/EnvironmentOutlined';
import MailOutlinedSvg from '@ant-design/icons-svg/es/asn/MailOutlined';
import PhoneOutlinedSvg from '@ant-design/icons-svg/es/asn/PhoneOutlined';
import { Seo } from '../../../components/seo';
import { contactSeo } from '../marketing-seo';
import { ContactForm } from '../components/contact-form';
import { MarketingCta } from '../components/marketing-cta';
import '../marketing.css';
import { SvgIcon } from '../../../components/svg-icon';
import { useT } from '../../../i18n/i18n';

/** The office's address and the team's mailboxes: names, the same in every language. */
const OFFICE = {
  street: '100 Innovation Way, Suite 400',
  city: 'San Francisco, CA 94105',
  mapLabel: '100 Innovation Way, San Francisco, CA',
};
const CONTACT_EMAIL = 'hello@ventureroadmap.app';
const SUPPORT_EMAIL = 'support@ventureroadmap.app';

/** Placeholders until the company's own profiles exist (spec §2 "Contact"). */
const socialLinks = [
  // Brand names, the same in every language.
  { name: 'LinkedIn', href: 'https://www.linkedin.com/' },
  { name: 'X (Twitter)', href: 'https://x.com/' },
  { name: 'Facebook', href: 'https://www.facebook.com/' },
] as const;

/** Where to reach the team, and the contact form (spec §2 "Contact", §5, §8). */
export function ContactPage() {
  const t = useT();
  return (
    <>
      <Seo {...contactSeo} />
      <section className="marketing-hero" aria-labelledby="contact-heading">
        <div className="marketing-container">
          <p className="marketing-eyebrow">{t('Contact')}</p>
          <h1 id="contact-heading" className="marketing-hero__title">
            {t('Get in touch')}
          </h1>
          <p className="marketing-hero__lead">
            {t(
              "Have a question about your roadmap, our plans or working with your institution? We'd love to hear from you.",
            )}
          </p>
        </div>
      </section>

      <section className="marketing-section" aria-label={t('Contact details and form')}>
        <div className="marketing-container contact-layout">
          <div className="contact-details">
            <h2 className="marketing-section__title">{t('Contact information')}</h2>
            <ul className="contact-list">
              <li>
                <SvgIcon icon={EnvironmentOutlinedSvg} aria-hidden="true" />
                <div>
                  <h3>{t('Location')}</h3>
                  <address>
                    {OFFICE.street}
                    <br />
                    {OFFICE.city}
                  </address>
                </div>
              </li>
              <li>
                <SvgIcon icon={MailOutlinedSvg} aria-hidden="true" />
                <div>
                  <h3>{t('Email')}</h3>
                  <p>
                    <a href="mailto:hello@ventureroadmap.app">{CONTACT_EMAIL}</a>
                  </p>
                  <p>
                    <a href="mailto:support@ventureroadmap.app">{SUPPORT_EMAIL}</a>
                  </p>
                </div>
              </li>
              <li>
                <SvgIcon icon={PhoneOutlinedSvg} aria-hidden="true" />
                <div>
                  <h3>{t('Phone')}</h3>
                  <p>
                    <a href="tel:+14155550142">+1 (415) 555-0142</a>
                  </p>
                  <p className="contact-list__hours">
                    <SvgIcon icon={ClockCircleOutlinedSvg} aria-hidden="true" /> {t('Mon-Fri 9am-5pm PST')}
                  </p>
                </div>
              </li>
            </ul>
            <h3 className="contact-social__heading">{t('Follow us')}</h3>
            <ul className="contact-social">
              {socialLinks.map((link) => (
                <li key={link.name}>
                  <a href={link.href} target="_blank" rel="noopener noreferrer">
                    {link.name}
                  </a>
                </li>
              ))}
            </ul>
          </div>
          <div className="marketing-panel">
            <h2 className="marketing-section__title">{t('Send us a message')}</h2>
            <p className="marketing-panel__intro">{t('We usually answer within one business day.')}</p>
            <ContactForm />
          </div>
        </div>
      </section>

      <section className="marketing-section marketing-section--muted" aria-labelledby="map-heading">
        <div className="marketing-container">
          <h2 id="map-heading" className="marketing-section__title">
            {t('Find us')}
          </h2>
          <div className="map-placeholder">
            <SvgIcon icon={EnvironmentOutlinedSvg} aria-hidden="true" />
            <p>{t('Map placeholder: {address}', { address: OFFICE.mapLabel })}</p>
          </div>
        </div>
      </section>

      <MarketingCta
        heading={t('Ready to map out your venture?')}
        text={t('Sign up free and get your 50-task launch roadmap today.')}
        action="Get started for free"
      />
    </>
  );
}
