import { MailOutlined } from '@ant-design/icons';
import type { VentureRole } from '@app/contracts';
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
import { useAcceptInvitation, useInvitationPreview, type InvitationPreview } from '../api/invitation';

/** The contracts' role names (`VENTURE_ROLE_LABELS`), as messages: shown with `t(…)`. */
const ROLE_TEXTS: Readonly<Record<VentureRole, string>> = {
  owner: msg('Owner'),
  editor: msg('Editor'),
  viewer: msg('Viewer'),
};

/** A role inside a sentence ("You joined Acme as editor."). */
const ROLE_IN_SENTENCE: Readonly<Record<VentureRole, string>> = {
  owner: msg('owner'),
  editor: msg('editor'),
  viewer: msg('viewer'),
};

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

/** The server's words for a link that does not work (`INVITATION.INVALID`); shown with `t(…)`. */
const INVALID_LINK = msg('This invitation link is invalid or has expired');

function UnusableInvitation({ reason }: { reason: string }) {
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
        subTitle={t(reason)}
        extra={
          <Link to={paths.home.getHref()} className="button button--primary">
            {t('Go to the home page')}
          </Link>
        }
      />
    </div>
  );
}

function Invitation({ token, onUseOtherAccount, switchingAccount }: InvitationCardProps) {
  const t = useT();
  const preview = useInvitationPreview(token);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), [preview.status]);

  if (preview.isPending) return <PageSpinner label={t('Loading your invitation')} />;
  if (preview.isError) return <UnusableInvitation reason={failureText(preview.error, INVALID_LINK)} />;
  const invitation = preview.data;
  const returnPath = paths.invitation.getHref(token);
  return (
    <div className="invitation-page">
      <Seo title={t('Join {venture}', { venture: invitation.ventureName })} noindex />
      <section className="invitation-card" aria-labelledby="invitation-heading">
        <MailOutlined className="invitation-card__icon" aria-hidden="true" />
        <h1 id="invitation-heading" className="invitation-card__title" ref={headingRef} tabIndex={-1}>
          {t('Join {venture}', { venture: invitation.ventureName })}
        </h1>
        <p className="invitation-card__lead">
          <Trans
            id="<0>{inviter}</0> invited <1>{email}</1> to work on <2>{venture}</2> as <3>{role}</3>."
            values={{
              inviter: invitation.inviterName,
              email: invitation.email,
              venture: invitation.ventureName,
              role: t(ROLE_TEXTS[invitation.role]),
            }}
            components={{
              0: <strong />,
              1: <strong />,
              2: <strong />,
              3: <strong data-testid="invitation-role" />,
            }}
          />
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
              {t("Sign in or create an account to accept. You'll come back here.")}
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
  const t = useT();
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
      setProblem(failureText(error, t('The invitation could not be accepted. Please try again.')));
      return;
    }
    notify.success(
      alreadyMember
        ? {
            title: t('Already a member'),
            description: t('You already have access to {venture}.', { venture: invitation.ventureName }),
          }
        : {
            title: t('Invitation accepted'),
            description: t('You joined {venture} as {role}.', {
              venture: invitation.ventureName,
              role: t(ROLE_IN_SENTENCE[invitation.role]),
            }),
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
        <p className="invitation-card__hint">{t("You're already a member of this venture.")}</p>
        {problemAlert}
        <Button type="primary" size="large" onClick={() => void onAccept(false)} loading={accept.isPending}>
          {t('Open the venture')}
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
          title={t('Which account should join?')}
          description={
            <Trans
              id="This invitation was sent to <0>{invited}</0>, but you're signed in as <1>{signedIn}</1>."
              values={{ invited: invitation.email, signedIn: viewer.email }}
              components={{ 0: <strong />, 1: <strong /> }}
            />
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
          {t('Join as {email}', { email: viewer.email })}
        </Button>
        <Button size="large" onClick={onUseOtherAccount} loading={switchingAccount} disabled={busy}>
          {t('Sign out and use {email}', { email: invitation.email })}
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
        {t('Accept invitation')}
      </Button>
    </div>
  );
}
