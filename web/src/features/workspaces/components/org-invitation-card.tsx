import { TeamOutlined } from '@ant-design/icons';
import { ORG_ROLE_LABELS } from '@app/contracts';
import { Alert, Button, Result } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { PageSpinner } from '../../../components/page-spinner';
import { Seo } from '../../../components/seo';
import { paths } from '../../../config/paths';
import { failureText } from '../../../lib/api-client';
import { useNotify } from '../../../lib/notify';
import { authSearch } from '../../../lib/return-to';
import { useAcceptOrgInvitation, useOrgInvitationPreview } from '../api/org-invitation';

interface OrgInvitationCardProps {
  token: string;
  /** Signs out and comes back here to sign in with the invited address (the page composes it from auth). */
  onUseOtherAccount: () => void;
  switchingAccount: boolean;
}

const INVALID_LINK = 'This invitation link is invalid or has expired. Ask the organization for a new one.';

/**
 * What a staff invitation link shows (issue 18): the organization, who invited and with which role.
 * Signed out: sign in or sign up, then back here. Signed in with the invited address: accept. Signed in
 * with another address: sign out and use the invited one (the link is for its address only).
 */
export function OrgInvitationCard(props: OrgInvitationCardProps) {
  return props.token === '' ? <Unusable reason={INVALID_LINK} /> : <Invitation {...props} />;
}

function Unusable({ reason }: { reason: string }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <div className="page-message">
      <Seo title="Invitation" noindex />
      <Result
        status="warning"
        title={
          <h1 className="page-message__title" ref={headingRef} tabIndex={-1}>
            This invitation can't be used
          </h1>
        }
        subTitle={reason}
        extra={
          <Link to={paths.home.getHref()} className="button button--primary">
            Go to the home page
          </Link>
        }
      />
    </div>
  );
}

function Invitation({ token, onUseOtherAccount, switchingAccount }: OrgInvitationCardProps) {
  const preview = useOrgInvitationPreview(token);
  const accept = useAcceptOrgInvitation(token);
  const navigate = useNavigate();
  const notify = useNotify();
  const [problem, setProblem] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), [preview.status]);

  if (preview.isPending) return <PageSpinner label="Loading your invitation" />;
  if (preview.isError) return <Unusable reason={failureText(preview.error, INVALID_LINK)} />;
  const invitation = preview.data;
  const role = ORG_ROLE_LABELS[invitation.role];
  const returnPath = paths.orgInvitation.getHref(token);
  const busy = accept.isPending || switchingAccount;

  const onAccept = async () => {
    setProblem(null);
    let next: string;
    try {
      ({ next } = await accept.mutateAsync());
    } catch (error) {
      setProblem(failureText(error, 'The invitation could not be accepted. Please try again.'));
      return;
    }
    notify.success({
      title: 'Invitation accepted',
      description: `You joined ${invitation.organizationName} as ${role.toLowerCase()}.`,
    });
    await navigate(next);
  };

  return (
    <div className="invitation-page">
      <Seo title={`Join ${invitation.organizationName}`} noindex />
      <section className="invitation-card" aria-labelledby="org-invitation-heading">
        <TeamOutlined className="invitation-card__icon" aria-hidden="true" />
        <h1 id="org-invitation-heading" className="invitation-card__title" ref={headingRef} tabIndex={-1}>
          Join {invitation.organizationName}
        </h1>
        <p className="invitation-card__lead">
          <strong>{invitation.inviterName}</strong> invited <strong>{invitation.email}</strong> to{' '}
          <strong>{invitation.organizationName}</strong> as{' '}
          <strong data-testid="invitation-role">{role}</strong>.
        </p>
        {!invitation.viewer.signedIn ? (
          <div className="invitation-card__actions">
            <p className="invitation-card__hint">
              Sign in or create an account with {invitation.email} to accept. You'll come back here.
            </p>
            <Link
              className="button button--primary"
              to={{ pathname: paths.auth.getHref(), search: authSearch(returnPath, 'sign-up') }}
            >
              Sign up to accept
            </Link>
            <Link className="button" to={{ pathname: paths.auth.getHref(), search: authSearch(returnPath) }}>
              Sign in to accept
            </Link>
          </div>
        ) : invitation.viewer.emailMatches === false ? (
          <div className="invitation-card__actions">
            <Alert
              type="warning"
              showIcon
              title="This invitation is for another address"
              description={
                <>
                  It was sent to <strong>{invitation.email}</strong>, but you're signed in as{' '}
                  <strong>{invitation.viewer.email}</strong>. Sign in with {invitation.email} to accept it.
                </>
              }
            />
            <Button
              type="primary"
              size="large"
              onClick={onUseOtherAccount}
              loading={switchingAccount}
              disabled={busy}
            >
              Sign out and use {invitation.email}
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
              Accept invitation
            </Button>
          </div>
        )}
      </section>
    </div>
  );
}
