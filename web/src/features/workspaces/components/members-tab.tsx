import {
  ORG_ROLES,
  ORG_STAFF_ROLES,
  type OrgInvitation,
  type OrgMember,
  type OrgRole,
  type Workspace,
} from '@app/contracts';
import { Alert, Button, Form, Input, Popconfirm, Select, Space, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useT } from '../../../i18n/i18n';
import { failureText } from '../../../lib/api-client';
import { useNotify } from '../../../lib/notify';
import {
  useChangeMemberRole,
  useInvite,
  useRemoveMember,
  useResendInvitation,
  useRevokeInvitation,
} from '../api/workspace-mutations';
import { useInvitations, useMembers } from '../api/workspace-queries';
import { fieldErrorsOf, formatWhen, roleLabel } from '../workspace-messages';
import { ScrollRegion, TableCaption, WorkspaceSection } from './workspace-section';

const roleOptions = (roles: readonly OrgRole[]) =>
  roles.map((role) => ({ value: role, label: roleLabel(role) }));

/** Members with their roles; org admins change roles, remove members, and invite staff by e-mail. */
export function MembersTab({ slug, workspace }: { slug: string; workspace: Workspace }) {
  const t = useT();
  const manage = workspace.permissions.manageMembers;
  const members = useMembers(slug);
  const changeRole = useChangeMemberRole(slug);
  const remove = useRemoveMember(slug);
  const notify = useNotify();

  const onRole = async (member: OrgMember, role: OrgRole) => {
    try {
      await changeRole.mutateAsync({ userId: member.userId, role });
    } catch (error) {
      notify.error({
        title: t('Could not change the role'),
        description: failureText(error, t('Please try again.')),
      });
      return;
    }
    notify.success({
      title: t('Role changed'),
      description: t('{name} is now {role}.', { name: member.displayName, role: roleLabel(role) }),
    });
  };

  const onRemove = async (member: OrgMember) => {
    try {
      await remove.mutateAsync(member.userId);
    } catch (error) {
      notify.error({
        title: t('Could not remove the member'),
        description: failureText(error, t('Please try again.')),
      });
      return;
    }
    notify.success({ title: t('Member removed'), description: member.displayName });
  };

  const columns: TableColumnsType<OrgMember> = [
    { title: t('Name'), dataIndex: 'displayName' },
    { title: t('E-mail'), dataIndex: 'email' },
    {
      title: t('Role'),
      dataIndex: 'role',
      render: (role: OrgRole, member) =>
        manage ? (
          <Select<OrgRole>
            value={role}
            options={roleOptions(ORG_ROLES)}
            onChange={(next) => void onRole(member, next)}
            disabled={changeRole.isPending}
            aria-label={t('Role of {name}', { name: member.displayName })}
            className="workspace-role-select"
          />
        ) : (
          roleLabel(role)
        ),
    },
    {
      title: t('Joined'),
      dataIndex: 'joinedAt',
      render: (at: string) => <time dateTime={at}>{formatWhen(at)}</time>,
    },
    ...(manage
      ? [
          {
            title: t('Actions'),
            key: 'actions',
            render: (_v: unknown, member: OrgMember) => (
              <Popconfirm
                title={t('Remove {name}?', { name: member.displayName })}
                description={t("They lose access to this workspace. A founder's ventures stay theirs.")}
                okText={t('Remove')}
                okButtonProps={{ danger: true, loading: remove.isPending }}
                onConfirm={() => onRemove(member)}
              >
                <Button size="small" danger aria-label={t('Remove {name}', { name: member.displayName })}>
                  {t('Remove')}
                </Button>
              </Popconfirm>
            ),
          },
        ]
      : []),
  ];

  return (
    <>
      <WorkspaceSection
        id="workspace-members"
        title={t('Members')}
        error={members.error}
        onRetry={() => void members.refetch()}
      >
        <ScrollRegion label={t('Members table')}>
          <Table<OrgMember>
            rowKey="userId"
            caption={<TableCaption>{t('Members of the organization and their roles')}</TableCaption>}
            columns={columns}
            dataSource={members.data ?? []}
            loading={members.isPending}
            pagination={{ pageSize: 50, hideOnSinglePage: true }}
            locale={{ emptyText: t('No members yet') }}
          />
        </ScrollRegion>
      </WorkspaceSection>
      {manage ? <Invitations slug={slug} /> : null}
    </>
  );
}

interface InviteValues {
  email: string;
  role: OrgRole;
}

function Invitations({ slug }: { slug: string }) {
  const t = useT();
  const invitations = useInvitations(slug, true);
  const invite = useInvite(slug);
  const resend = useResendInvitation(slug);
  const revoke = useRevokeInvitation(slug);
  const notify = useNotify();
  const [form] = Form.useForm<InviteValues>();
  const [problem, setProblem] = useState<string | null>(null);

  const onInvite = async (values: InviteValues) => {
    setProblem(null);
    const email = values.email.trim();
    try {
      await invite.mutateAsync({ email, role: values.role });
    } catch (error) {
      form.setFields(fieldErrorsOf(error, ['email', 'role'] as const));
      setProblem(failureText(error, t('The invitation could not be sent. Please try again.')));
      return;
    }
    notify.success({
      title: t('Invitation sent'),
      description: t('{email} will get an e-mail with a link to join.', { email }),
    });
    form.resetFields();
  };

  const act = async (what: 'resend' | 'revoke', invitation: OrgInvitation) => {
    try {
      if (what === 'resend') await resend.mutateAsync(invitation.id);
      else await revoke.mutateAsync(invitation.id);
    } catch (error) {
      notify.error({
        title:
          what === 'resend' ? t('Could not resend the invitation') : t('Could not revoke the invitation'),
        description: failureText(error, t('Please try again.')),
      });
      return;
    }
    notify.success({
      title: what === 'resend' ? t('Invitation sent again') : t('Invitation revoked'),
      description: invitation.email,
    });
  };

  const columns: TableColumnsType<OrgInvitation> = [
    { title: t('E-mail'), dataIndex: 'email' },
    { title: t('Role'), dataIndex: 'role', render: (role: OrgRole) => roleLabel(role) },
    { title: t('Invited by'), key: 'by', render: (_v, i) => i.invitedBy.displayName },
    {
      title: t('Expires'),
      dataIndex: 'expiresAt',
      render: (at: string) => <time dateTime={at}>{formatWhen(at)}</time>,
    },
    {
      title: t('Actions'),
      key: 'actions',
      render: (_v, invitation) => (
        <Space>
          <Button
            size="small"
            onClick={() => void act('resend', invitation)}
            loading={resend.isPending && resend.variables === invitation.id}
            disabled={resend.isPending}
            aria-label={t('Resend the invitation to {email}', { email: invitation.email })}
          >
            {t('Resend')}
          </Button>
          <Popconfirm
            title={t('Revoke the invitation to {email}?', { email: invitation.email })}
            description={t('Its link stops working.')}
            okText={t('Revoke')}
            okButtonProps={{ danger: true, loading: revoke.isPending }}
            onConfirm={() => act('revoke', invitation)}
          >
            <Button
              size="small"
              danger
              aria-label={t('Revoke the invitation to {email}', { email: invitation.email })}
            >
              {t('Revoke')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <WorkspaceSection
      id="workspace-invitations"
      title={t('Invitations')}
      error={invitations.error}
      onRetry={() => void invitations.refetch()}
    >
      <Form<InviteValues>
        form={form}
        layout="inline"
        className="workspace-invite-form"
        initialValues={{ email: '', role: 'mentor' }}
        onFinish={(values) => void onInvite(values)}
        aria-label={t('Invite a staff member')}
      >
        <Form.Item
          label={t('E-mail')}
          name="email"
          rules={[
            { required: true, whitespace: true, message: t('E-mail is required') },
            { type: 'email', message: t('Please enter a valid email address') },
          ]}
        >
          <Input type="email" autoComplete="off" maxLength={254} />
        </Form.Item>
        <Form.Item label={t('Role')} name="role">
          <Select<OrgRole> options={roleOptions(ORG_STAFF_ROLES)} className="workspace-role-select" />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={invite.isPending} disabled={invite.isPending}>
            {t('Send invitation')}
          </Button>
        </Form.Item>
      </Form>
      {problem ? (
        <Alert type="error" showIcon role="alert" title={problem} className="workspace-problem" />
      ) : null}
      <ScrollRegion label={t('Pending invitations table')}>
        <Table<OrgInvitation>
          rowKey="id"
          caption={<TableCaption>{t('Pending invitations')}</TableCaption>}
          columns={columns}
          dataSource={invitations.data ?? []}
          loading={invitations.isPending}
          pagination={false}
          locale={{ emptyText: t('No pending invitations') }}
        />
      </ScrollRegion>
    </WorkspaceSection>
  );
}
