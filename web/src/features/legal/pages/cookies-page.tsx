import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { LegalPage } from '../legal-page';
import { cookiesSeo } from '../legal-seo';
import { useT } from '../../../i18n/i18n';
import { Trans } from '../../../i18n/trans';

/** The session cookie's name (the gateway's `SESSION_COOKIE_NAME` default). */
const SESSION_COOKIE = 'vr.sid';

/** The cookies page (issue 20): the one cookie we set, and why there is no cookie banner. */
export function CookiesPage() {
  const t = useT();
  return (
    <LegalPage seo={cookiesSeo} title={t('Cookies')}>
      <p>{t('Venture Roadmap sets exactly one cookie, and only when you sign in.')}</p>
      <div className="legal-page__table-wrap">
        <table>
          <caption className="visually-hidden">{t('Cookies set by Venture Roadmap')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('Name')}</th>
              <th scope="col">{t('Purpose')}</th>
              <th scope="col">{t('Lifetime')}</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <td>
                <code>{SESSION_COOKIE}</code>
              </td>
              <td>
                {t(
                  'Keeps you signed in: a random session id, readable only by our server (HttpOnly, SameSite=Lax, Secure in production)',
                )}
              </td>
              <td>
                {t('Until you close the browser, or 30 days with "Remember me"; removed when you sign out')}
              </td>
            </tr>
          </tbody>
        </table>
      </div>

      <h2>{t('Why there is no cookie banner')}</h2>
      <p>
        {t(
          "Consent is required for cookies that are not strictly necessary for a service you asked for (the ePrivacy rules in the EU and UK). The session cookie is strictly necessary: without it you could not stay signed in. We set no analytics, advertising or tracking cookies and load no third-party scripts that would, and the only thing we keep in your browser's local storage is the language you chose to read the site in (vr.language), a preference you set yourself, so there is nothing to ask your consent for. If that ever changes, we will ask first.",
        )}
      </p>
      <p>
        <Trans
          id="What we store on our servers is described in the <0>privacy notice</0>."
          components={{ 0: <Link to={paths.privacy.getHref()} /> }}
        />
      </p>
    </LegalPage>
  );
}
