import { PageSpinner } from '../../components/page-spinner';
import { Seo } from '../../components/seo';
import { useSessionUser } from '../../entities/session-user/get-session-user';
import { useT } from '../../i18n/i18n';
import { ChangePasswordForm } from '../../features/account/components/change-password-form';
import { DeleteAccountSection } from '../../features/account/components/delete-account-section';
import { DownloadDataSection } from '../../features/account/components/download-data-section';
import { LanguageSection } from '../../features/account/components/language-section';
import { ProfileCard } from '../../features/account/components/profile-card';
import { CalendarFeedCard } from '../../features/calendar-feed/components/calendar-feed-card';
import { NotificationSettings } from '../../features/notifications/components/notification-settings';
import { ManageVentures } from '../../features/ventures/components/manage-ventures';
import '../../features/account/account.css';
import '../../features/notifications/notifications.css';

/**
 * `/account` (spec §2 "Account"): Profile Information, Security Settings and Your Data (the account feature), the e-mail
 * Notifications (the notifications feature), the Calendar feed (issue 17), then the add/edit venture form and Your Ventures (the ventures
 * feature). Every change goes through the shared cache
 * entries, so the header and the roadmap pages follow without a reload.
 */
export function AccountPage() {
  const t = useT();
  const { data: user } = useSessionUser();

  // The router loaded the session before this page; null only for the moment after the account is deleted.
  if (!user) return <PageSpinner label={t('Loading your account')} />;

  return (
    <div className="account-page">
      <Seo
        title={t('Account settings')}
        description={t('Manage your profile, password, account and ventures.')}
        noindex
      />
      <header className="account-page__header">
        <h1 className="account-page__title">{t('Account Settings')}</h1>
        <p className="account-page__intro">
          {t('Manage your profile, your security settings and your ventures.')}
        </p>
      </header>

      <div className="account-page__grid">
        <ProfileCard user={user} />

        <section className="account-card" aria-labelledby="security-heading">
          <h2 id="security-heading" className="account-card__title">
            {t('Security Settings')}
          </h2>
          {user.isDemo ? (
            // Issue 16: every Demo Login visitor shares this account, so the server refuses these for it.
            <p className="account-card__hint" data-testid="demo-account-note">
              {t(
                "This is the shared demo account: its password can't be changed and it can't be deleted, so every visitor finds it as they expect. Create your own free account to keep your work.",
              )}
            </p>
          ) : (
            <>
              <h3 className="account-card__subtitle">{t('Change Password')}</h3>
              <ChangePasswordForm username={user.username} />
              <h3 className="account-card__subtitle">{t('Delete Account')}</h3>
              <DeleteAccountSection isAdmin={user.isAdmin} username={user.username} />
            </>
          )}
        </section>

        <DownloadDataSection />
        <LanguageSection language={user.language} />
      </div>

      <NotificationSettings />
      <CalendarFeedCard />

      <ManageVentures />
    </div>
  );
}
