import { PlusOutlined } from '@ant-design/icons';
import type { AdminUserRow as AdminUser } from '@app/contracts';
import {
  App,
  Button,
  Checkbox,
  Form,
  Input,
  Modal,
  Space,
  Table,
  Tag,
  Tooltip,
  type TableColumnsType,
} from 'antd';
import { useState } from 'react';
import { useT } from '../../../i18n/i18n';
import { useNotify } from '../../../lib/notify';
import {
  SELF_DELETE_NOTE,
  createUserFailedToast,
  deleteUserFailedToast,
  formatShortDate,
  listEmptyText,
  makeAdminFailedToast,
  updateUserFailedToast,
  userCreatedToast,
  userDeletedToast,
  userPromotedToast,
  userUpdatedToast,
} from '../admin-messages';
import {
  useCreateUser,
  useDeleteUser,
  useMakeAdmin,
  useUpdateUser,
  type NewUserInput,
} from '../api/admin-mutations';
import { loadedRows, useAdminList } from '../api/admin-queries';
import { AdminSection, TableCaption } from './admin-section';
import { ActiveTag } from './active-tag';
import { ListSearch, LoadMore } from './paged-list';

interface UsersTabProps {
  /** The signed-in administrator, who cannot delete themselves (spec §6). */
  currentUserId: string;
}

interface EditValues {
  username: string;
  isAdmin: boolean;
}

export function UsersTab({ currentUserId }: UsersTabProps) {
  const t = useT();
  const [q, setQ] = useState('');
  const users = useAdminList('users', q);
  const rows = loadedRows(users.data);
  const notify = useNotify();
  const { modal } = App.useApp();
  const updateUser = useUpdateUser();
  const makeAdmin = useMakeAdmin();
  const deleteUser = useDeleteUser();
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const [adding, setAdding] = useState(false);

  const promote = async (user: AdminUser) => {
    try {
      await makeAdmin.mutateAsync(user.id);
    } catch (error) {
      notify.error(makeAdminFailedToast(error));
      return;
    }
    notify.success(userPromotedToast(user.username));
  };

  const confirmDelete = (user: AdminUser) => {
    modal.confirm({
      title: t('Delete {name}?', { name: user.username }),
      content: t('The account and all of its ventures are deleted. This cannot be undone.'),
      okText: t('Delete user'),
      okButtonProps: { danger: true },
      cancelText: t('Cancel'),
      focusable: { autoFocusButton: 'cancel' },
      onOk: async () => {
        try {
          await deleteUser.mutateAsync(user.id);
        } catch (error) {
          notify.error(deleteUserFailedToast(error));
          return;
        }
        notify.success(userDeletedToast(user.username));
      },
    });
  };

  const columns: TableColumnsType<AdminUser> = [
    {
      title: t('Email'),
      dataIndex: 'username',
      render: (username: string, user) => (
        <Space size={4}>
          <span>{username}</span>
          {user.id === currentUserId && <Tag>{t('You')}</Tag>}
        </Space>
      ),
    },
    {
      // Issue 18: the organization the user registered through.
      title: t('Organization'),
      dataIndex: 'organizationName',
      render: (name: string | null, user) =>
        name ??
        (user.organizationId === null ? (
          <span className="admin-list__muted">{t('None')}</span>
        ) : (
          <span className="admin-list__muted">{t('Unknown organization')}</span>
        )),
    },
    {
      title: t('Role'),
      dataIndex: 'isAdmin',
      render: (isAdmin: boolean) =>
        isAdmin ? <Tag color="purple">{t('Admin')}</Tag> : <Tag>{t('User')}</Tag>,
    },
    {
      title: t('Status'),
      dataIndex: 'isActive',
      render: (isActive: boolean) => <ActiveTag active={isActive} />,
    },
    { title: t('Joined'), dataIndex: 'createdAt', render: (createdAt: string) => formatShortDate(createdAt) },
    {
      title: t('Actions'),
      key: 'actions',
      render: (_value, user) => {
        const self = user.id === currentUserId;
        return (
          <Space wrap>
            <Button
              size="small"
              onClick={() => setEditing(user)}
              aria-label={t('Edit {name}', { name: user.username })}
            >
              {t('Edit')}
            </Button>
            {!user.isAdmin && (
              <Button
                size="small"
                onClick={() => void promote(user)}
                loading={makeAdmin.isPending && makeAdmin.variables === user.id}
                aria-label={t('Make {name} admin', { name: user.username })}
              >
                {t('Make Admin')}
              </Button>
            )}
            {self ? (
              <Tooltip title={t(SELF_DELETE_NOTE)}>
                <span>
                  <Button size="small" danger disabled aria-describedby="admin-self-delete-note">
                    {t('Delete')}
                  </Button>
                </span>
              </Tooltip>
            ) : (
              <Button
                size="small"
                danger
                onClick={() => confirmDelete(user)}
                aria-label={t('Delete {name}', { name: user.username })}
              >
                {t('Delete')}
              </Button>
            )}
          </Space>
        );
      },
    },
  ];

  return (
    <AdminSection
      id="admin-users"
      title={t('Users')}
      // A failed first page replaces the table; a failed next page keeps the rows (LoadMore offers a retry).
      error={users.data ? null : users.error}
      onRetry={() => void users.refetch()}
      actions={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
          {t('Add User')}
        </Button>
      }
    >
      <p id="admin-self-delete-note" className="admin-section__note">
        {t(SELF_DELETE_NOTE)}
      </p>
      <ListSearch
        label={t('Search users by e-mail or name')}
        placeholder={t('Search by e-mail or name')}
        onSearch={setQ}
      />
      <Table<AdminUser>
        rowKey="id"
        caption={<TableCaption>{t('Users, newest first')}</TableCaption>}
        columns={columns}
        dataSource={rows}
        loading={users.isPending}
        pagination={false}
        locale={{ emptyText: listEmptyText('users', q) }}
        scroll={{ x: true }}
      />
      {users.data && <LoadMore query={users} shown={rows.length} noun="users" q={q} />}
      {editing && (
        <EditUserModal
          user={editing}
          isSelf={editing.id === currentUserId}
          pending={updateUser.isPending}
          onCancel={() => setEditing(null)}
          onSave={async (values) => {
            const changes = {
              ...(values.username.trim() !== editing.username ? { username: values.username.trim() } : {}),
              ...(values.isAdmin !== editing.isAdmin ? { isAdmin: values.isAdmin } : {}),
            };
            if (Object.keys(changes).length === 0) {
              setEditing(null);
              return;
            }
            try {
              const saved = await updateUser.mutateAsync({ userId: editing.id, changes });
              notify.success(userUpdatedToast(saved?.username ?? values.username));
              setEditing(null);
            } catch (error) {
              notify.error(updateUserFailedToast(error));
            }
          }}
        />
      )}
      {adding && <AddUserModal onClose={() => setAdding(false)} />}
    </AdminSection>
  );
}

function EditUserModal({
  user,
  isSelf,
  pending,
  onCancel,
  onSave,
}: {
  user: AdminUser;
  isSelf: boolean;
  pending: boolean;
  onCancel: () => void;
  onSave: (values: EditValues) => Promise<void>;
}) {
  const t = useT();
  const [form] = Form.useForm<EditValues>();
  return (
    <Modal
      open
      title={t('Edit user')}
      okText={t('Save')}
      onOk={() => form.submit()}
      onCancel={onCancel}
      confirmLoading={pending}
      destroyOnHidden
    >
      <Form<EditValues>
        form={form}
        layout="vertical"
        name="admin-edit-user"
        initialValues={{ username: user.username, isAdmin: user.isAdmin }}
        onFinish={(values) => void onSave(values)}
      >
        <Form.Item
          label={t('Email')}
          name="username"
          rules={[
            { required: true, message: t('Please enter a valid email address') },
            { type: 'email', message: t('Please enter a valid email address') },
          ]}
        >
          <Input type="email" autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="isAdmin"
          valuePropName="checked"
          extra={isSelf ? t('You cannot remove your own administrator rights.') : undefined}
        >
          <Checkbox disabled={isSelf && user.isAdmin}>{t('Administrator')}</Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  );
}

function AddUserModal({ onClose }: { onClose: () => void }) {
  const t = useT();
  const [form] = Form.useForm<NewUserInput>();
  const createUser = useCreateUser();
  const notify = useNotify();

  const onFinish = async (values: NewUserInput) => {
    try {
      const user = await createUser.mutateAsync({
        username: values.username.trim(),
        password: values.password,
        isAdmin: values.isAdmin === true,
      });
      notify.success(userCreatedToast(user?.username ?? values.username));
      onClose();
    } catch (error) {
      notify.error(createUserFailedToast(error));
    }
  };

  return (
    <Modal
      open
      title={t('Add user')}
      okText={t('Create user')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={createUser.isPending}
      destroyOnHidden
    >
      <Form<NewUserInput>
        form={form}
        layout="vertical"
        name="admin-add-user"
        initialValues={{ isAdmin: false }}
        onFinish={(values) => void onFinish(values)}
      >
        <Form.Item
          label={t('Email')}
          name="username"
          rules={[
            { required: true, message: t('Please enter a valid email address') },
            { type: 'email', message: t('Please enter a valid email address') },
          ]}
        >
          <Input type="email" autoComplete="off" />
        </Form.Item>
        <Form.Item
          label={t('Password')}
          name="password"
          rules={[
            { required: true, message: t('Password must be at least 6 characters') },
            { min: 6, message: t('Password must be at least 6 characters') },
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="isAdmin" valuePropName="checked">
          <Checkbox>{t('Administrator')}</Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  );
}
