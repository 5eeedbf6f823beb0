import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { LegalPage } from '../legal-page';
import { privacySeo } from '../legal-seo';
import { useT } from '../../../i18n/i18n';
import { Trans } from '../../../i18n/trans';

/**
 * The privacy notice (issue 20). It describes what the platform actually stores and sends: keep it true
 * when a service starts keeping something new (the services' READMEs list their collections).
 */
export function PrivacyPage() {
  const t = useT();
  return (
    <LegalPage seo={privacySeo} title={t('Privacy notice')}>
      <p>
        {t(
          'This notice explains what Venture Roadmap stores about you, why, who receives it and for how long. We keep only what the product needs to work, we do not sell personal data, and we run no advertising or tracking scripts.',
        )}
      </p>

      <h2>{t('What we store')}</h2>
      <div className="legal-page__table-wrap">
        <table>
          <caption className="visually-hidden">{t('Personal data the platform stores')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('Data')}</th>
              <th scope="col">{t('Why')}</th>
              <th scope="col">{t('Kept until')}</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <td>
                {t(
                  'Your account: e-mail address, password (only as a salted hash), and the profile fields you fill in (first and last name, job title, department, phone number), the organization you signed up through, your notification preferences and your language',
                )}
              </td>
              <td>{t('To sign you in, show your name to your team and send the e-mails you chose')}</td>
              <td>{t('You delete your account')}</td>
            </tr>
            <tr>
              <td>
                {t(
                  'Your ventures: names, descriptions, task statuses, dates, assignees, comments, team members and pending invitations (the invited address), and the activity history of each venture',
                )}
              </td>
              <td>{t("This is the product: your roadmap and your team's work on it")}</td>
              <td>
                {t(
                  'The venture is deleted, or you delete your account (ventures you own alone are deleted with it; from shared ventures you are removed)',
                )}
              </td>
            </tr>
            <tr>
              <td>{t('A session record while you are signed in (your user id and when it started)')}</td>
              <td>{t('To keep you signed in')}</td>
              <td>
                {t(
                  'You sign out, or it expires (by default after 12 hours unused; 30 days with "Remember me")',
                )}
              </td>
            </tr>
            <tr>
              <td>
                {t(
                  "A log of the e-mails we send (recipient address, subject, when) and the messages of the contact and enterprise forms (name, e-mail, subject, message, the sender's IP address)",
                )}
              </td>
              <td>{t('To send every e-mail exactly once, and to answer you')}</td>
              <td>{t('Kept by the operator of this installation for support; ask us to delete yours')}</td>
            </tr>
            <tr>
              <td>
                {t(
                  'Counters of recent attempts per address and per client IP (sign-ins, password resets, contact messages)',
                )}
              </td>
              <td>{t('To stop password guessing and e-mail flooding')}</td>
              <td>{t('Minutes to hours: each counter expires with its time window')}</td>
            </tr>
            <tr>
              <td>{t('For administrators: an audit log of administrative actions (who, what, when)')}</td>
              <td>{t("Accountability for changes to other people's accounts")}</td>
              <td>{t('Kept by the operator')}</td>
            </tr>
            <tr>
              <td>{t('Server logs: requests (method, path, status, timing, a request id) and errors')}</td>
              <td>{t('To run the service and investigate failures')}</td>
              <td>{t('Rotated by the operator of this installation')}</td>
            </tr>
          </tbody>
        </table>
      </div>

      <h2>{t('E-mail we send')}</h2>
      <p>
        {t(
          'Account e-mails (welcome, password reset) and invitations are always sent. Task changes, mentions, assignments, due-date reminders and program updates (at-risk alerts and weekly program digests) follow your notification preferences on the account page, and every such e-mail has a one-click unsubscribe link.',
        )}
      </p>

      <h2>{t('Who receives your data')}</h2>
      <p>
        {t(
          "The members of a venture see its tasks, comments, activity and each other's names and e-mail addresses. If you signed up through an organization, its administrators see that you are registered. Platform administrators can manage accounts. E-mail is delivered through the mail server the operator configures. Nobody else receives your data.",
        )}
      </p>

      <h2>{t('Your rights')}</h2>
      <p>
        <Trans
          id='You can see and correct your profile on the <0>account page</0>, download everything we keep about you as a JSON file ("Download my data"), export any venture as CSV or JSON, and delete your account, which deletes your data as described above. For anything else, including a copy of your contact messages, <1>contact us</1>.'
          components={{ 0: <Link to={paths.account.getHref()} />, 1: <Link to={paths.contact.getHref()} /> }}
        />
      </p>

      <h2>{t('Cookies')}</h2>
      <p>
        <Trans
          id="We set one cookie, the session cookie. The <0>cookies page</0> explains it."
          components={{ 0: <Link to={paths.cookies.getHref()} /> }}
        />
      </p>
    </LegalPage>
  );
}
