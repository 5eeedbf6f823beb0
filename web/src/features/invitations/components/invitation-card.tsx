import { MailOutlined } from '@ant-design/icons';
import { VENTURE_ROLE_LABELS } from '@app/contracts';
import { Alert, Button, Result } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { PageSpinner } from '../../../components/page-spinner';
import { Seo } from '../../../components/seo';
import { paths } from '../../../config/paths';
import { failureText } from '../../../lib/api-client';
import { useNotify } from '../../../lib/notify';
import { authSearch } from '../../../lib/return-to';
import { useAcceptInvitation, useInvitationPreview, type InvitationPreview } from '../api/invitation';

interface InvitationCardProps {
  token: string;
  /** Signs out and comes back here to sign in with the invited address (the page composes it from auth). */
  onUseOtherAccount: () => void;
  /** Whether that sign-out is under way. */
  switchingAccount: boolean;
}

/**
 * What an invitation link shows (issue 16): the venture, who invited and with which role. Signed out: sign
 * in or sign up, then back here. Signed in with the invited address: accept. Signed in with another address:
 * the user chooses which account joins; nothing is attached silently.
 */
export function InvitationCard(props: InvitationCardProps) {
  // A link without its token (cut short by a mail client) needs no request to be refused.
  return props.token === '' ? <UnusableInvitation reason={INVALID_LINK} /> : <Invitation {...props} />;
}

/** The server's words for a link that does not work (`INVITATION.INVALID`). */
const INVALID_LINK = 'This invitation link is invalid or has expired';

function UnusableInvitation({ reason }: { reason: string }) {
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

function Invitation({ token, onUseOtherAccount, switchingAccount }: InvitationCardProps) {
  const preview = useInvitationPreview(token);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), [preview.status]);

  if (preview.isPending) return <PageSpinner label="Loading your invitation" />;
  if (preview.isError) return <UnusableInvitation reason={failureText(preview.error, INVALID_LINK)} />;
  const invitation = preview.data;
  const returnPath = paths.invitation.getHref(token);
  return (
    <div className="invitation-page">
      <Seo title={`Join ${invitation.ventureName}`} noindex />
      <section className="invitation-card" aria-labelledby="invitation-heading">
        <MailOutlined className="invitation-card__icon" aria-hidden="true" />
        <h1 id="invitation-heading" className="invitation-card__title" ref={headingRef} tabIndex={-1}>
          Join {invitation.ventureName}
        </h1>
        <p className="invitation-card__lead">
          <strong>{invitation.inviterName}</strong> invited <strong>{invitation.email}</strong> to work on{' '}
          <strong>{invitation.ventureName}</strong> as{' '}
          <strong data-testid="invitation-role">{VENTURE_ROLE_LABELS[invitation.role]}</strong>.
        </p>
        {invitation.viewer.signedIn ? (
          <SignedInChoice
            token={token}
            invitation={invitation}
            onUseOtherAccount={onUseOtherAccount}
            switchingAccount={switchingAccount}
          />
        ) : (
          <div className="invitation-card__actions">
            <p className="invitation-card__hint">
              Sign in or create an account to accept. You'll come back here.
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
        )}
      </section>
    </div>
  );
}

interface SignedInChoiceProps {
  token: string;
  invitation: InvitationPreview;
  onUseOtherAccount: () => void;
  switchingAccount: boolean;
}

function SignedInChoice({ token, invitation, onUseOtherAccount, switchingAccount }: SignedInChoiceProps) {
  const navigate = useNavigate();
  const notify = useNotify();
  const accept = useAcceptInvitation(token);
  const [problem, setProblem] = useState<string | null>(null);
  const { viewer } = invitation;
  const busy = accept.isPending || switchingAccount;

  const onAccept = async (acceptAsDifferentEmail: boolean) => {
    setProblem(null);
    let ventureId: string;
    let alreadyMember: boolean;
    try {
      ({ ventureId, alreadyMember } = await accept.mutateAsync({ acceptAsDifferentEmail }));
    } catch (error) {
      setProblem(failureText(error, 'The invitation could not be accepted. Please try again.'));
      return;
    }
    notify.success(
      alreadyMember
        ? { title: 'Already a member', description: `You already have access to ${invitation.ventureName}.` }
        : {
            title: 'Invitation accepted',
            description: `You joined ${invitation.ventureName} as ${VENTURE_ROLE_LABELS[invitation.role].toLowerCase()}.`,
          },
    );
    await navigate(paths.venture.getHref(ventureId));
  };

  const problemAlert = problem ? (
    <Alert className="invitation-card__problem" type="error" showIcon title={problem} role="alert" />
  ) : null;

  if (viewer.alreadyMember) {
    return (
      <div className="invitation-card__actions">
        <p className="invitation-card__hint">You're already a member of this venture.</p>
        {problemAlert}
        <Button type="primary" size="large" onClick={() => void onAccept(false)} loading={accept.isPending}>
          Open the venture
        </Button>
      </div>
    );
  }

  if (viewer.emailMatches === false) {
    return (
      <div className="invitation-card__actions">
        <Alert
          type="warning"
          showIcon
          title="Which account should join?"
          description={
            <>
              This invitation was sent to <strong>{invitation.email}</strong>, but you're signed in as{' '}
              <strong>{viewer.email}</strong>.
            </>
          }
        />
        {problemAlert}
        <Button
          type="primary"
          size="large"
          onClick={() => void onAccept(true)}
          loading={accept.isPending}
          disabled={busy}
        >
          Join as {viewer.email}
        </Button>
        <Button size="large" onClick={onUseOtherAccount} loading={switchingAccount} disabled={busy}>
          Sign out and use {invitation.email}
        </Button>
      </div>
    );
  }

  return (
    <div className="invitation-card__actions">
      {problemAlert}
      <Button
        type="primary"
        size="large"
        onClick={() => void onAccept(false)}
        loading={accept.isPending}
        disabled={busy}
      >
        Accept invitation
      </Button>
    </div>
  );
}
