import { TeamOutlined } from '@ant-design/icons';
import {
  LIMITS,
  VENTURE_ROLE_LABELS,
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
import { useSessionUser } from '../../../entities/session-user/get-session-user';
import { paths } from '../../../config/paths';
import { failureText } from '../../../lib/api-client';
import { useNotify } from '../../../lib/notify';
import { formatUsShortDate } from '../../../lib/dates';
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
} from '../team-messages';

const roleOptions = VENTURE_ROLES.map((role) => ({
  value: role,
  label: `${VENTURE_ROLE_LABELS[role]} — ${ROLE_DESCRIPTIONS[role]}`,
}));
const shortRoleOptions = VENTURE_ROLES.map((role) => ({ value: role, label: VENTURE_ROLE_LABELS[role] }));

/**
 * The roadmap header's Share button and its dialog (issue 16): owners invite by e-mail with a role, resend
 * or revoke pending invitations, change roles and remove members; every member sees who is on the venture
 * and may leave it (except its last owner). The server decides; the dialog only offers what the policy allows.
 */
export function MembersDialog({ venture }: { venture: VentureDetail }) {
  const [open, setOpen] = useState(false);
  const { data: user } = useSessionUser();
  const manages = can(venture.role, 'manageMembers');
  return (
    <>
      <Button icon={<TeamOutlined aria-hidden="true" />} onClick={() => setOpen(true)} aria-haspopup="dialog">
        {manages ? 'Share' : 'Members'}
      </Button>
      <Modal
        open={open}
        title={manages ? `Share ${venture.name}` : `Members of ${venture.name}`}
        onCancel={() => setOpen(false)}
        footer={<Button onClick={() => setOpen(false)}>Close</Button>}
        width={640}
        destroyOnHidden
      >
        <div className="members-dialog">
          {manages && user?.isDemo ? (
            <p className="members-dialog__note" data-testid="demo-invite-note">
              The shared demo account can&apos;t invite anyone. Create your own free account to bring your
              co-founders in.
            </p>
          ) : manages ? (
            <InviteForm ventureId={venture.id} />
          ) : null}
          {manages ? <PendingInvitations ventureId={venture.id} /> : null}
          <MemberList venture={venture} manages={manages} onLeft={() => setOpen(false)} />
        </div>
      </Modal>
    </>
  );
}

interface InviteValues {
  email: string;
  role: VentureRole;
}

function InviteForm({ ventureId }: { ventureId: string }) {
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
      setProblem(failureText(error, 'The invitation could not be sent. Please try again.'));
      return;
    }
    notify.success(invitationSentToast(email.toLowerCase(), values.role));
    form.resetFields(['email']);
  };

  return (
    <section aria-labelledby="invite-heading" className="members-dialog__section">
      <h3 id="invite-heading" className="members-dialog__heading">
        Invite a co-founder
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
          label="Email"
          name="email"
          rules={[
            { required: true, message: 'Please enter an email address' },
            { type: 'email', message: 'Please enter a valid email address' },
            { max: LIMITS.account.email.max, message: 'Please enter a valid email address' },
          ]}
        >
          <Input type="email" autoComplete="off" placeholder="cofounder@example.com" />
        </Form.Item>
        <Form.Item label="Role" name="role">
          <Select options={roleOptions} />
        </Form.Item>
        {problem ? (
          <Alert className="members-dialog__problem" type="error" showIcon title={problem} role="alert" />
        ) : null}
        <Button type="primary" htmlType="submit" loading={invite.isPending}>
          Send invitation
        </Button>
      </Form>
    </section>
  );
}

function PendingInvitations({ ventureId }: { ventureId: string }) {
  const notify = useNotify();
  const invitations = useInvitations(ventureId);
  const resend = useResendInvitation(ventureId);
  const revoke = useRevokeInvitation(ventureId);
  const busyId = (resend.isPending ? resend.variables : null) ?? (revoke.isPending ? revoke.variables : null);

  const onResend = (invitation: Invitation) =>
    resend.mutate(invitation.id, {
      onSuccess: () => notify.success(invitationResentToast(invitation.email)),
      onError: (error) =>
        notify.error(teamFailedToast('Could not resend the invitation', error, 'Please try again.')),
    });
  const onRevoke = (invitation: Invitation) =>
    revoke.mutate(invitation.id, {
      onSuccess: () => notify.success(invitationRevokedToast(invitation.email)),
      onError: (error) =>
        notify.error(teamFailedToast('Could not revoke the invitation', error, 'Please try again.')),
    });

  let body;
  if (invitations.isPending) {
    body = <Skeleton active paragraph={{ rows: 1 }} title={false} />;
  } else if (invitations.isError) {
    body = (
      <Alert
        type="error"
        showIcon
        title="The pending invitations could not be loaded."
        description={failureText(invitations.error, 'Please try again.')}
      />
    );
  } else if (invitations.data.length === 0) {
    body = <p className="members-dialog__empty">No pending invitations.</p>;
  } else {
    body = (
      <ul className="members-dialog__list" aria-label="Pending invitations">
        {invitations.data.map((invitation) => (
          <li key={invitation.id} className="members-dialog__row" data-testid="pending-invitation">
            <div className="members-dialog__who">
              <span className="members-dialog__name">{invitation.email}</span>
              <span className="members-dialog__meta">
                {VENTURE_ROLE_LABELS[invitation.role]} · sent {formatUsShortDate(invitation.sentAt)} · expires{' '}
                {formatUsShortDate(invitation.expiresAt)}
              </span>
            </div>
            <div className="members-dialog__actions">
              <Button
                size="small"
                onClick={() => onResend(invitation)}
                disabled={busyId !== null}
                loading={resend.isPending && resend.variables === invitation.id}
                aria-label={`Resend the invitation to ${invitation.email}`}
              >
                Resend
              </Button>
              <Button
                size="small"
                danger
                onClick={() => onRevoke(invitation)}
                disabled={busyId !== null}
                loading={revoke.isPending && revoke.variables === invitation.id}
                aria-label={`Revoke the invitation to ${invitation.email}`}
              >
                Revoke
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
        Pending invitations
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
          notify.error(teamFailedToast('Could not change the role', error, 'Please try again.')),
      },
    );

  const onRemove = (member: VentureMember) =>
    modal.confirm({
      title: `Remove ${member.displayName}?`,
      content: `${member.displayName} will no longer see ${venture.name}. You can invite them again later.`,
      okText: 'Remove',
      okButtonProps: { danger: true },
      cancelText: 'Cancel',
      autoFocusButton: 'cancel',
      onOk: async () => {
        try {
          await remove.mutateAsync(member.userId);
        } catch (error) {
          notify.error(teamFailedToast('Could not remove the member', error, 'Please try again.'));
          return;
        }
        notify.success(memberRemovedToast(member.displayName));
      },
    });

  const onLeave = (me: VentureMember) =>
    modal.confirm({
      title: `Leave ${venture.name}?`,
      content: 'You will no longer see this venture unless someone invites you again.',
      okText: 'Leave',
      okButtonProps: { danger: true },
      cancelText: 'Cancel',
      autoFocusButton: 'cancel',
      onOk: async () => {
        try {
          await leave.mutateAsync(me.userId);
        } catch (error) {
          notify.error(teamFailedToast('Could not leave the venture', error, 'Please try again.'));
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
        Members
      </h3>
      <ul className="members-dialog__list" aria-label="Members">
        {venture.members.map((member) => {
          const isMe = member.userId === user?.id;
          // The last owner keeps the role and stays: a venture always has an owner.
          const lastOwner = !canStopBeingOwner(member.role, ownerCount);
          return (
            <li key={member.userId} className="members-dialog__row" data-testid="venture-member">
              <div className="members-dialog__who">
                <span className="members-dialog__name">
                  {member.displayName}
                  {isMe ? <span className="members-dialog__you"> (you)</span> : null}
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
                    options={shortRoleOptions}
                    onChange={(role: VentureRole) => onRoleChange(member, role)}
                    disabled={busy}
                    aria-label={`Role of ${member.displayName}`}
                    className="members-dialog__role"
                  />
                ) : (
                  <Tag>{VENTURE_ROLE_LABELS[member.role]}</Tag>
                )}
                {manages && !isMe && !lastOwner ? (
                  <Button
                    size="small"
                    danger
                    onClick={() => onRemove(member)}
                    disabled={busy}
                    aria-label={`Remove ${member.displayName}`}
                  >
                    Remove
                  </Button>
                ) : null}
                {isMe && !lastOwner ? (
                  <Button size="small" danger onClick={() => onLeave(member)} disabled={busy}>
                    Leave venture
                  </Button>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
      {manages && ownerCount === 1 ? (
        <p className="members-dialog__note">
          A venture always keeps at least one owner: make someone else an owner before you change your own
          role or leave.
        </p>
      ) : null}
    </section>
  );
}
