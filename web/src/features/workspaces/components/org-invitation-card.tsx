import { TeamOutlined } from '@ant-design/icons';
import { Alert, Button, Result } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { PageSpinner } from '../../../components/page-spinner';
import { Seo } from '../../../components/seo';
import { paths } from '../../../config/paths';
import { msg, useT } from '../../../i18n/i18n';
import { Trans } from '../../../i18n/trans';
import { failureText } from '../../../lib/api-client';
import { useNotify } from '../../../lib/notify';
import { authSearch } from '../../../lib/return-to';
import { useAcceptOrgInvitation, useOrgInvitationPreview } from '../api/org-invitation';
import { roleLabel } from '../workspace-messages';

interface OrgInvitationCardProps {
  token: string;
  /** Signs out and comes back here to sign in with the invited address (the page composes it from auth). */
  onUseOtherAccount: () => void;
  switchingAccount: boolean;
}

const INVALID_LINK = msg(
  'This invitation link is invalid or has expired. Ask the organization for a new one.',
);

/**
 * What a staff invitation link shows (issue 18): the organization, who invited and with which role.
 * Signed out: sign in or sign up, then back here. Signed in with the invited address: accept. Signed in
 * with another address: sign out and use the invited one (the link is for its address only).
 */
export function OrgInvitationCard(props: OrgInvitationCardProps) {
  const t = useT();
  return props.token === '' ? <Unusable reason={t(INVALID_LINK)} /> : <Invitation {...props} />;
}

/** `reason`: already in the active language. */
function Unusable({ reason }: { reason: string }) {
  const t = useT();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <div className="page-message">
      <Seo title={t('Invitation')} noindex />
      <Result
        status="warning"
        title={
          <h1 className="page-message__title" ref={headingRef} tabIndex={-1}>
            {t("This invitation can't be used")}
          </h1>
        }
        subTitle={reason}
        extra={
          <Link to={paths.home.getHref()} className="button button--primary">
            {t('Go to the home page')}
          </Link>
        }
      />
    </div>
  );
}

function Invitation({ token, onUseOtherAccount, switchingAccount }: OrgInvitationCardProps) {
  const t = useT();
  const preview = useOrgInvitationPreview(token);
  const accept = useAcceptOrgInvitation(token);
  const navigate = useNavigate();
  const notify = useNotify();
  const [problem, setProblem] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), [preview.status]);

  if (preview.isPending) return <PageSpinner label={t('Loading your invitation')} />;
  if (preview.isError) return <Unusable reason={failureText(preview.error, t(INVALID_LINK))} />;
  const invitation = preview.data;
  const role = roleLabel(invitation.role);
  const returnPath = paths.orgInvitation.getHref(token);
  const busy = accept.isPending || switchingAccount;

  const onAccept = async () => {
    setProblem(null);
    let next: string;
    try {
      ({ next } = await accept.mutateAsync());
    } catch (error) {
      setProblem(failureText(error, t('The invitation could not be accepted. Please try again.')));
      return;
    }
    notify.success({
      title: t('Invitation accepted'),
      description: t('You joined {organization} as {role}.', {
        organization: invitation.organizationName,
        role: role.toLowerCase(),
      }),
    });
    await navigate(next);
  };

  return (
    <div className="invitation-page">
      <Seo title={t('Join {organization}', { organization: invitation.organizationName })} noindex />
      <section className="invitation-card" aria-labelledby="org-invitation-heading">
        <TeamOutlined className="invitation-card__icon" aria-hidden="true" />
        <h1 id="org-invitation-heading" className="invitation-card__title" ref={headingRef} tabIndex={-1}>
          {t('Join {organization}', { organization: invitation.organizationName })}
        </h1>
        <p className="invitation-card__lead">
          <Trans
            id="<0>{inviter}</0> invited <1>{email}</1> to <2>{organization}</2> as <3>{role}</3>."
            values={{
              inviter: invitation.inviterName,
              email: invitation.email,
              organization: invitation.organizationName,
              role,
            }}
            components={{
              0: <strong />,
              1: <strong />,
              2: <strong />,
              3: <strong data-testid="invitation-role" />,
            }}
          />
        </p>
        {!invitation.viewer.signedIn ? (
          <div className="invitation-card__actions">
            <p className="invitation-card__hint">
              {t("Sign in or create an account with {email} to accept. You'll come back here.", {
                email: invitation.email,
              })}
            </p>
            <Link
              className="button button--primary"
              to={{ pathname: paths.auth.getHref(), search: authSearch(returnPath, 'sign-up') }}
            >
              {t('Sign up to accept')}
            </Link>
            <Link className="button" to={{ pathname: paths.auth.getHref(), search: authSearch(returnPath) }}>
              {t('Sign in to accept')}
            </Link>
          </div>
        ) : invitation.viewer.emailMatches === false ? (
          <div className="invitation-card__actions">
            <Alert
              type="warning"
              showIcon
              title={t('This invitation is for another address')}
              description={
                <Trans
                  id="It was sent to <0>{email}</0>, but you're signed in as <1>{viewerEmail}</1>. Sign in with {email} to accept it."
                  values={{ email: invitation.email, viewerEmail: invitation.viewer.email }}
                  components={{ 0: <strong />, 1: <strong /> }}
                />
              }
            />
            <Button
              type="primary"
              size="large"
              onClick={onUseOtherAccount}
              loading={switchingAccount}
              disabled={busy}
            >
              {t('Sign out and use {email}', { email: invitation.email })}
            </Button>
          </div>
        ) : (
          <div className="invitation-card__actions">
            {problem ? (
              <Alert
                className="invitation-card__problem"
                type="error"
                showIcon
                title={problem}
                role="alert"
              />
            ) : null}
            <Button
              type="primary"
              size="large"
              onClick={() => void onAccept()}
              loading={accept.isPending}
              disabled={busy}
            >
              {t('Accept invitation')}
            </Button>
          </div>
        )}
      </section>
    </div>
  );
}
