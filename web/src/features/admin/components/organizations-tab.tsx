import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Form, Modal, Space, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { useNotify } from '../../../lib/notify';
import { useSingleFlight } from '../../../lib/single-flight';
import {
  ORGANIZATION_HAS_USERS_RULE,
  createOrganizationFailedToast,
  deleteOrganizationFailedToast,
  formatShortDate,
  listEmptyText,
  organizationCreatedToast,
  organizationDeletedToast,
  organizationUsersNote,
} from '../admin-messages';
import { useCreateOrganization, useDeleteOrganization } from '../api/admin-mutations';
import { loadedRows, useAdminList, type AdminOrganization } from '../api/admin-queries';
import {
  emptyOrganizationValues,
  serverFieldErrors,
  valuesToInput,
  type OrganizationFormValues,
} from '../organization-form';
import { ActiveTag } from './active-tag';
import { AdminSection, TableCaption } from './admin-section';
import { OrganizationFields } from './organization-fields';
import { ListSearch, LoadMore } from './paged-list';

function Swatch({ color, label }: { color: string; label: string }) {
  return (
    <span className="admin-swatch" title={`${label} ${color}`}>
      <span className="admin-swatch__chip" style={{ backgroundColor: color }} aria-hidden="true" />
      <span className="visually-hidden">{label} </span>
      <span className="admin-swatch__code">{color}</span>
    </span>
  );
}

export function OrganizationsTab() {
  const [q, setQ] = useState('');
  const organizations = useAdminList('organizations', q);
  const rows = loadedRows(organizations.data);
  const deleteOrganization = useDeleteOrganization();
  const notify = useNotify();
  const navigate = useNavigate();
  const { modal } = App.useApp();
  const [creating, setCreating] = useState(false);

  const confirmDelete = (org: AdminOrganization) => {
    const usersNote = organizationUsersNote(org.userCount);
    modal.confirm({
      title: `Delete ${org.name}?`,
      content: (
        <>
          <p>{ORGANIZATION_HAS_USERS_RULE}</p>
          {usersNote ? (
            <p className="admin-section__warning">{usersNote}</p>
          ) : (
            <p>Its registration page at /org/{org.slug} stops working. This cannot be undone.</p>
          )}
        </>
      ),
      okText: 'Delete organization',
      okButtonProps: { danger: true, disabled: usersNote !== null },
      cancelText: 'Cancel',
      focusable: { autoFocusButton: 'cancel' },
      onOk: async () => {
        try {
          await deleteOrganization.mutateAsync(org.id);
        } catch (error) {
          notify.error(deleteOrganizationFailedToast(error));
          return;
        }
        notify.success(organizationDeletedToast(org.name));
      },
    });
  };

  const columns: TableColumnsType<AdminOrganization> = [
    { title: 'Name', dataIndex: 'name' },
    {
      title: 'Registration page',
      dataIndex: 'slug',
      render: (slug: string) => <Link to={paths.organizationRegistration.getHref(slug)}>/org/{slug}</Link>,
    },
    {
      title: 'Colours',
      key: 'colours',
      render: (_value, org) => (
        <Space orientation="vertical" size={2}>
          <Swatch color={org.primaryColor} label="Primary" />
          <Swatch color={org.secondaryColor} label="Secondary" />
        </Space>
      ),
    },
    // How many users registered through it (counted by auth, issue 18).
    { title: 'Users', dataIndex: 'userCount' },
    {
      title: 'Status',
      dataIndex: 'isActive',
      render: (isActive: boolean) => <ActiveTag active={isActive} />,
    },
    { title: 'Created', dataIndex: 'createdAt', render: (createdAt: string) => formatShortDate(createdAt) },
    {
      title: 'Actions',
      key: 'actions',
      render: (_value, org) => (
        <Space>
          <Button
            size="small"
            onClick={() => void navigate(paths.adminOrganizationEdit.getHref(org.id))}
            aria-label={`Edit ${org.name}`}
          >
            Edit
          </Button>
          <Button size="small" danger onClick={() => confirmDelete(org)} aria-label={`Delete ${org.name}`}>
            Delete
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <AdminSection
      id="admin-organizations"
      title="Organizations"
      error={organizations.data ? null : organizations.error}
      onRetry={() => void organizations.refetch()}
      actions={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
          Create Organization
        </Button>
      }
    >
      <ListSearch label="Search organizations by name" placeholder="Search by name" onSearch={setQ} />
      <Table<AdminOrganization>
        rowKey="id"
        caption={<TableCaption>Organizations, newest first</TableCaption>}
        columns={columns}
        dataSource={rows}
        loading={organizations.isPending}
        pagination={false}
        locale={{ emptyText: listEmptyText('organizations', q) }}
        scroll={{ x: true }}
      />
      {organizations.data && (
        <LoadMore query={organizations} shown={rows.length} noun="organizations" q={q} />
      )}
      {creating && <CreateOrganizationModal onClose={() => setCreating(false)} />}
    </AdminSection>
  );
}

function CreateOrganizationModal({ onClose }: { onClose: () => void }) {
  const [form] = Form.useForm<OrganizationFormValues>();
  const create = useCreateOrganization();
  const notify = useNotify();
  const once = useSingleFlight();

  const onFinish = async (values: OrganizationFormValues) => {
    const input = valuesToInput(values);
    try {
      await create.mutateAsync(input);
    } catch (error) {
      const fieldErrors = serverFieldErrors(error);
      form.setFields(fieldErrors);
      if (fieldErrors[0]) form.focusField(fieldErrors[0].name);
      notify.error(createOrganizationFailedToast(error));
      return;
    }
    notify.success(organizationCreatedToast(input.name));
    onClose();
  };

  return (
    <Modal
      open
      title="Create organization"
      okText="Create organization"
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={create.isPending}
      destroyOnHidden
      width={640}
    >
      <Form<OrganizationFormValues>
        form={form}
        layout="vertical"
        name="admin-create-organization"
        initialValues={emptyOrganizationValues()}
        onFinish={(values) => void once(onFinish)(values)}
        scrollToFirstError={{ focus: true }}
      >
        <OrganizationFields form={form} suggestSlug />
      </Form>
    </Modal>
  );
}
