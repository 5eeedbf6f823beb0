import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { LegalPage } from '../legal-page';
import { cookiesSeo } from '../legal-seo';

/** The cookies page (issue 20): the one cookie we set, and why there is no cookie banner. */
export function CookiesPage() {
  return (
    <LegalPage seo={cookiesSeo} title="Cookies">
      <p>Venture Roadmap sets exactly one cookie, and only when you sign in.</p>
      <div className="legal-page__table-wrap">
        <table>
          <caption className="visually-hidden">Cookies set by Venture Roadmap</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Purpose</th>
              <th scope="col">Lifetime</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <td>
                <code>vr.sid</code>
              </td>
              <td>
                Keeps you signed in: a random session id, readable only by our server (HttpOnly, SameSite=Lax,
                Secure in production)
              </td>
              <td>
                Until you close the browser, or 30 days with &quot;Remember me&quot;; removed when you sign
                out
              </td>
            </tr>
          </tbody>
        </table>
      </div>

      <h2>Why there is no cookie banner</h2>
      <p>
        Consent is required for cookies that are not strictly necessary for a service you asked for (the
        ePrivacy rules in the EU and UK). The session cookie is strictly necessary: without it you could not
        stay signed in. We set no analytics, advertising or tracking cookies and load no third-party scripts
        that would, and we store nothing in your browser&apos;s local storage, so there is nothing to ask your
        consent for. If that ever changes, we will ask first.
      </p>
      <p>
        What we store on our servers is described in the{' '}
        <Link to={paths.privacy.getHref()}>privacy notice</Link>.
      </p>
    </LegalPage>
  );
}
