import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Form, Modal, Space, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { useT } from '../../../i18n/i18n';
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
  const t = useT();
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
      title: t('Delete {name}?', { name: org.name }),
      content: (
        <>
          <p>{t(ORGANIZATION_HAS_USERS_RULE)}</p>
          {usersNote ? (
            <p className="admin-section__warning">{usersNote}</p>
          ) : (
            <p>
              {t('Its registration page at /org/{slug} stops working. This cannot be undone.', {
                slug: org.slug,
              })}
            </p>
          )}
        </>
      ),
      okText: t('Delete organization'),
      okButtonProps: { danger: true, disabled: usersNote !== null },
      cancelText: t('Cancel'),
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
    { title: t('Name'), dataIndex: 'name' },
    {
      title: t('Registration page'),
      dataIndex: 'slug',
      render: (slug: string) => (
        <Link to={paths.organizationRegistration.getHref(slug)}>{`/org/${slug}`}</Link>
      ),
    },
    {
      title: t('Colours'),
      key: 'colours',
      render: (_value, org) => (
        <Space orientation="vertical" size={2}>
          <Swatch color={org.primaryColor} label={t('Primary')} />
          <Swatch color={org.secondaryColor} label={t('Secondary')} />
        </Space>
      ),
    },
    // How many users registered through it (counted by auth, issue 18).
    { title: t('Users'), dataIndex: 'userCount' },
    {
      title: t('Status'),
      dataIndex: 'isActive',
      render: (isActive: boolean) => <ActiveTag active={isActive} />,
    },
    {
      title: t('Created'),
      dataIndex: 'createdAt',
      render: (createdAt: string) => formatShortDate(createdAt),
    },
    {
      title: t('Actions'),
      key: 'actions',
      render: (_value, org) => (
        <Space>
          <Button
            size="small"
            onClick={() => void navigate(paths.adminOrganizationEdit.getHref(org.id))}
            aria-label={t('Edit {name}', { name: org.name })}
          >
            {t('Edit')}
          </Button>
          <Button
            size="small"
            danger
            onClick={() => confirmDelete(org)}
            aria-label={t('Delete {name}', { name: org.name })}
          >
            {t('Delete')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <AdminSection
      id="admin-organizations"
      title={t('Organizations')}
      error={organizations.data ? null : organizations.error}
      onRetry={() => void organizations.refetch()}
      actions={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
          {t('Create Organization')}
        </Button>
      }
    >
      <ListSearch
        label={t('Search organizations by name')}
        placeholder={t('Search by name')}
        onSearch={setQ}
      />
      <Table<AdminOrganization>
        rowKey="id"
        caption={<TableCaption>{t('Organizations, newest first')}</TableCaption>}
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
  const t = useT();
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
      title={t('Create organization')}
      okText={t('Create organization')}
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
