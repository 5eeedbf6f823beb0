import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { LegalPage } from '../legal-page';
import { termsSeo } from '../legal-seo';
import { useT } from '../../../i18n/i18n';
import { Trans } from '../../../i18n/trans';

/** The terms of service (issue 20). */
export function TermsPage() {
  const t = useT();
  return (
    <LegalPage seo={termsSeo} title={t('Terms of service')}>
      <p>
        {t(
          'These terms govern your use of Venture Roadmap. By creating an account you agree to them. If you use Venture Roadmap on behalf of an organization, you agree to them for that organization too.',
        )}
      </p>

      <h2>{t('Your account')}</h2>
      <p>
        {t(
          'Keep your password to yourself and tell us at once if you think someone else has used your account. You are responsible for what happens under your account. One person per account: invite your co-founders rather than sharing a sign-in.',
        )}
      </p>

      <h2>{t('Your content')}</h2>
      <p>
        <Trans
          id="Your ventures, tasks and comments are yours. You give us only the permission we need to store them, show them to the members you invite and send the e-mails you asked for. You can export them at any time and delete them by deleting the venture or your account (see the <0>privacy notice</0>)."
          components={{ 0: <Link to={paths.privacy.getHref()} /> }}
        />
      </p>

      <h2>{t('Acceptable use')}</h2>
      <p>
        {t(
          'Do not use the platform to break the law, to send unsolicited e-mail (invitations go only to people who expect them), to access data that is not yours, to probe or overload the service, or to upload content you have no right to share. We may suspend accounts that do, and will tell you why.',
        )}
      </p>

      <h2>{t('Guidance, not advice')}</h2>
      <p>
        {t(
          'The task guides are general guidance for founders. They are not legal, tax or financial advice for your situation: consult a qualified professional before you incorporate, issue shares, file elections or raise money.',
        )}
      </p>

      <h2>{t('Plans and institutions')}</h2>
      <p>
        {t(
          'The Free plan is free. Paid and enterprise plans are governed by the order form or agreement signed with us, which prevails over these terms where they differ.',
        )}
      </p>

      <h2>{t('Availability and liability')}</h2>
      <p>
        {t(
          'We work to keep the service available and your data safe, but the service is provided as it is. To the extent the law allows, we are not liable for indirect losses, and our total liability is limited to the amount you paid us in the twelve months before the claim. Nothing here limits liability that cannot be limited by law.',
        )}
      </p>

      <h2>{t('Changes and ending')}</h2>
      <p>
        <Trans
          id="We will announce material changes to these terms by e-mail at least 30 days before they apply. You may stop using the service and delete your account at any time. Questions: <0>contact us</0>."
          components={{ 0: <Link to={paths.contact.getHref()} /> }}
        />
      </p>
    </LegalPage>
  );
}
