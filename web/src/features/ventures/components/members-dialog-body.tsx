import {
  LIMITS,
  VENTURE_ROLES,
  can,
  canStopBeingOwner,
  type Invitation,
  type VentureDetail,
  type VentureMember,
  type VentureRole,
} from '@app/contracts';
import { Alert, App, Button, Form, Input, Modal, Select, Skeleton, Tag } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { useSessionUser } from '../../../entities/session-user/get-session-user';
import { msg, useT, type Translate } from '../../../i18n/i18n';
import { failureText } from '../../../lib/api-client';
import { formatUsShortDate } from '../../../lib/dates';
import { useNotify } from '../../../lib/notify';
import { useInvitations } from '../api/get-invitations';
import { useInviteMember } from '../api/invite-member';
import { useResendInvitation, useRevokeInvitation } from '../api/manage-invitation';
import { useChangeMemberRole, useLeaveVenture, useRemoveMember } from '../api/manage-member';
import {
  ROLE_DESCRIPTIONS,
  invitationResentToast,
  invitationRevokedToast,
  invitationSentToast,
  leftVentureToast,
  memberRemovedToast,
  roleChangedToast,
  teamFailedToast,
  VENTURE_ROLE_TEXTS,
} from '../team-messages';

const roleOptions = (t: Translate) =>
  VENTURE_ROLES.map((role) => ({
    value: role,
    label: t('{role} — {description}', {
      role: t(VENTURE_ROLE_TEXTS[role]),
      description: t(ROLE_DESCRIPTIONS[role]),
    }),
  }));
const shortRoleOptions = (t: Translate) =>
  VENTURE_ROLES.map((role) => ({ value: role, label: t(VENTURE_ROLE_TEXTS[role]) }));

/** The Share (or Members) dialog around the body (members-dialog.tsx renders it once first opened). */
export function MembersModal({
  venture,
  open,
  onClose,
}: {
  venture: VentureDetail;
  open: boolean;
  onClose: () => void;
}) {
  const t = useT();
  const manages = can(venture.role, 'manageMembers');
  return (
    <Modal
      open={open}
      title={
        manages ? t('Share {name}', { name: venture.name }) : t('Members of {name}', { name: venture.name })
      }
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('Close')}</Button>}
      width={640}
      destroyOnHidden
    >
      <MembersDialogBody venture={venture} onLeft={onClose} />
    </Modal>
  );
}

/**
 * The Share dialog's content (issue 16): owners invite by e-mail with a role, resend or revoke pending
 * invitations, change roles and remove members; every member sees who is on the venture and may leave it
 * (except its last owner). The server decides; the dialog only offers what the policy allows. Its own
 * module, loaded when the dialog first opens (issue 22: its forms and selects are no part of the roadmap's
 * first render).
 */
export function MembersDialogBody({ venture, onLeft }: { venture: VentureDetail; onLeft: () => void }) {
  const t = useT();
  const { data: user } = useSessionUser();
  const manages = can(venture.role, 'manageMembers');
  return (
    <div className="members-dialog">
      {manages && user?.isDemo ? (
        <p className="members-dialog__note" data-testid="demo-invite-note">
          {t(
            "The shared demo account can't invite anyone. Create your own free account to bring your co-founders in.",
          )}
        </p>
      ) : manages ? (
        <InviteForm ventureId={venture.id} />
      ) : null}
      {manages ? <PendingInvitations ventureId={venture.id} /> : null}
      <MemberList venture={venture} manages={manages} onLeft={onLeft} />
    </div>
  );
}

interface InviteValues {
  email: string;
  role: VentureRole;
}

function InviteForm({ ventureId }: { ventureId: string }) {
  const t = useT();
  const notify = useNotify();
  const [form] = Form.useForm<InviteValues>();
  const invite = useInviteMember(ventureId);
  const [problem, setProblem] = useState<string | null>(null);

  const onFinish = async (values: InviteValues) => {
    setProblem(null);
    const email = values.email.trim();
    try {
      await invite.mutateAsync({ email, role: values.role });
    } catch (error) {
      // Already a member, already invited, the demo account: the server says which, beside the form.
      setProblem(failureText(error, t('The invitation could not be sent. Please try again.')));
      return;
    }
    notify.success(invitationSentToast(email.toLowerCase(), values.role));
    form.resetFields(['email']);
  };

  return (
    <section aria-labelledby="invite-heading" className="members-dialog__section">
      <h3 id="invite-heading" className="members-dialog__heading">
        {t('Invite a co-founder')}
      </h3>
      <Form<InviteValues>
        form={form}
        name="invite-member"
        layout="vertical"
        requiredMark={false}
        initialValues={{ role: 'editor' }}
        onFinish={onFinish}
        disabled={invite.isPending}
      >
        <Form.Item
          label={t('Email')}
          name="email"
          rules={[
            { required: true, message: t('Please enter an email address') },
            { type: 'email', message: t('Please enter a valid email address') },
            { max: LIMITS.account.email.max, message: t('Please enter a valid email address') },
          ]}
        >
          <Input type="email" autoComplete="off" placeholder={t('cofounder@example.com')} />
        </Form.Item>
        <Form.Item label={t('Role')} name="role">
          <Select options={roleOptions(t)} />
        </Form.Item>
        {problem ? (
          <Alert className="members-dialog__problem" type="error" showIcon title={problem} role="alert" />
        ) : null}
        <Button type="primary" htmlType="submit" loading={invite.isPending}>
          {t('Send invitation')}
        </Button>
      </Form>
    </section>
  );
}

function PendingInvitations({ ventureId }: { ventureId: string }) {
  const t = useT();
  const notify = useNotify();
  const invitations = useInvitations(ventureId);
  const resend = useResendInvitation(ventureId);
  const revoke = useRevokeInvitation(ventureId);
  const busyId = (resend.isPending ? resend.variables : null) ?? (revoke.isPending ? revoke.variables : null);

  const onResend = (invitation: Invitation) =>
    resend.mutate(invitation.id, {
      onSuccess: () => notify.success(invitationResentToast(invitation.email)),
      onError: (error) =>
        notify.error(
          teamFailedToast(msg('Could not resend the invitation'), error, msg('Please try again.')),
        ),
    });
  const onRevoke = (invitation: Invitation) =>
    revoke.mutate(invitation.id, {
      onSuccess: () => notify.success(invitationRevokedToast(invitation.email)),
      onError: (error) =>
        notify.error(
          teamFailedToast(msg('Could not revoke the invitation'), error, msg('Please try again.')),
        ),
    });

  let body;
  if (invitations.isPending) {
    body = <Skeleton active paragraph={{ rows: 1 }} title={false} />;
  } else if (invitations.isError) {
    body = (
      <Alert
        type="error"
        showIcon
        title={t('The pending invitations could not be loaded.')}
        description={failureText(invitations.error, t('Please try again.'))}
      />
    );
  } else if (invitations.data.length === 0) {
    body = <p className="members-dialog__empty">{t('No pending invitations.')}</p>;
  } else {
    body = (
      <ul className="members-dialog__list" aria-label={t('Pending invitations')}>
        {invitations.data.map((invitation) => (
          <li key={invitation.id} className="members-dialog__row" data-testid="pending-invitation">
            <div className="members-dialog__who">
              <span className="members-dialog__name">{invitation.email}</span>
              <span className="members-dialog__meta">
                {t('{role} · sent {sent} · expires {expires}', {
                  role: t(VENTURE_ROLE_TEXTS[invitation.role]),
                  sent: formatUsShortDate(invitation.sentAt),
                  expires: formatUsShortDate(invitation.expiresAt),
                })}
              </span>
            </div>
            <div className="members-dialog__actions">
              <Button
                size="small"
                onClick={() => onResend(invitation)}
                disabled={busyId !== null}
                loading={resend.isPending && resend.variables === invitation.id}
                aria-label={t('Resend the invitation to {email}', { email: invitation.email })}
              >
                {t('Resend')}
              </Button>
              <Button
                size="small"
                danger
                onClick={() => onRevoke(invitation)}
                disabled={busyId !== null}
                loading={revoke.isPending && revoke.variables === invitation.id}
                aria-label={t('Revoke the invitation to {email}', { email: invitation.email })}
              >
                {t('Revoke')}
              </Button>
            </div>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section aria-labelledby="pending-heading" className="members-dialog__section">
      <h3 id="pending-heading" className="members-dialog__heading">
        {t('Pending invitations')}
      </h3>
      {body}
    </section>
  );
}

interface MemberListProps {
  venture: VentureDetail;
  manages: boolean;
  onLeft: () => void;
}

function MemberList({ venture, manages, onLeft }: MemberListProps) {
  const t = useT();
  const { modal } = App.useApp();
  const notify = useNotify();
  const navigate = useNavigate();
  const { data: user } = useSessionUser();
  const changeRole = useChangeMemberRole(venture.id);
  const remove = useRemoveMember(venture.id);
  const leave = useLeaveVenture(venture.id);
  const ownerCount = venture.members.filter((member) => member.role === 'owner').length;
  const busy = changeRole.isPending || remove.isPending || leave.isPending;

  const onRoleChange = (member: VentureMember, role: VentureRole) =>
    changeRole.mutate(
      { userId: member.userId, role },
      {
        onSuccess: () => notify.success(roleChangedToast(member.displayName, role)),
        onError: (error) =>
          notify.error(teamFailedToast(msg('Could not change the role'), error, msg('Please try again.'))),
      },
    );

  const onRemove = (member: VentureMember) =>
    modal.confirm({
      title: t('Remove {name}?', { name: member.displayName }),
      content: t('{name} will no longer see {venture}. You can invite them again later.', {
        name: member.displayName,
        venture: venture.name,
      }),
      okText: t('Remove'),
      okButtonProps: { danger: true },
      cancelText: t('Cancel'),
      autoFocusButton: 'cancel',
      onOk: async () => {
        try {
          await remove.mutateAsync(member.userId);
        } catch (error) {
          notify.error(teamFailedToast(msg('Could not remove the member'), error, msg('Please try again.')));
          return;
        }
        notify.success(memberRemovedToast(member.displayName));
      },
    });

  const onLeave = (me: VentureMember) =>
    modal.confirm({
      title: t('Leave {name}?', { name: venture.name }),
      content: t('You will no longer see this venture unless someone invites you again.'),
      okText: t('Leave'),
      okButtonProps: { danger: true },
      cancelText: t('Cancel'),
      autoFocusButton: 'cancel',
      onOk: async () => {
        try {
          await leave.mutateAsync(me.userId);
        } catch (error) {
          notify.error(teamFailedToast(msg('Could not leave the venture'), error, msg('Please try again.')));
          return;
        }
        notify.success(leftVentureToast(venture.name));
        onLeft();
        await navigate(paths.home.getHref());
      },
    });

  return (
    <section aria-labelledby="members-heading" className="members-dialog__section">
      <h3 id="members-heading" className="members-dialog__heading">
        {t('Members')}
      </h3>
      <ul className="members-dialog__list" aria-label={t('Members')}>
        {venture.members.map((member) => {
          const isMe = member.userId === user?.id;
          // The last owner keeps the role and stays: a venture always has an owner.
          const lastOwner = !canStopBeingOwner(member.role, ownerCount);
          return (
            <li key={member.userId} className="members-dialog__row" data-testid="venture-member">
              <div className="members-dialog__who">
                <span className="members-dialog__name">
                  {member.displayName}
                  {isMe ? <span className="members-dialog__you"> {t('(you)')}</span> : null}
                </span>
                {member.displayName !== member.email ? (
                  <span className="members-dialog__meta">{member.email}</span>
                ) : null}
              </div>
              <div className="members-dialog__actions">
                {manages && !lastOwner ? (
                  <Select
                    size="small"
                    value={member.role}
                    options={shortRoleOptions(t)}
                    onChange={(role: VentureRole) => onRoleChange(member, role)}
                    disabled={busy}
                    aria-label={t('Role of {name}', { name: member.displayName })}
                    className="members-dialog__role"
                  />
                ) : (
                  <Tag>{t(VENTURE_ROLE_TEXTS[member.role])}</Tag>
                )}
                {manages && !isMe && !lastOwner ? (
                  <Button
                    size="small"
                    danger
                    onClick={() => onRemove(member)}
                    disabled={busy}
                    aria-label={t('Remove {name}', { name: member.displayName })}
                  >
                    {t('Remove')}
                  </Button>
                ) : null}
                {isMe && !lastOwner ? (
                  <Button size="small" danger onClick={() => onLeave(member)} disabled={busy}>
                    {t('Leave venture')}
                  </Button>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
      {manages && ownerCount === 1 ? (
        <p className="members-dialog__note">
          {t(
            'A venture always keeps at least one owner: make someone else an owner before you change your own role or leave.',
          )}
        </p>
      ) : null}
    </section>
  );
}
