import { PlusOutlined } from '@ant-design/icons';
import { DEFAULT_TASK_CATEGORY, type TaskTemplate } from '@app/contracts';
import { App, Button, Form, Input, Modal, Space, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useT } from '../../../i18n/i18n';
import { useNotify } from '../../../lib/notify';
import {
  createTemplateFailedToast,
  deleteTemplateFailedToast,
  formatShortDate,
  templateCategoryLabel,
  templateDeletedToast,
  templateSavedToast,
  updateTemplateFailedToast,
} from '../admin-messages';
import { useDeleteTemplate, useSaveTemplate, type TaskTemplateInput } from '../api/admin-mutations';
import { useAdminTemplates } from '../api/admin-queries';
import { AdminSection, TableCaption } from './admin-section';

/** The master task templates new ventures copy (spec §3 "Task template"). */
export function TemplatesTab() {
  const t = useT();
  const templates = useAdminTemplates();
  const deleteTemplate = useDeleteTemplate();
  const notify = useNotify();
  const { modal } = App.useApp();
  /** null: closed; 'new': adding; a template: editing it. */
  const [editing, setEditing] = useState<TaskTemplate | 'new' | null>(null);

  const confirmDelete = (template: TaskTemplate) => {
    modal.confirm({
      title: t('Delete the template “{title}”?', { title: template.title }),
      content: t('New ventures will no longer get this task. Existing ventures keep theirs.'),
      okText: t('Delete template'),
      okButtonProps: { danger: true },
      cancelText: t('Cancel'),
      focusable: { autoFocusButton: 'cancel' },
      onOk: async () => {
        try {
          await deleteTemplate.mutateAsync(template.id);
        } catch (error) {
          notify.error(deleteTemplateFailedToast(error));
          return;
        }
        notify.success(templateDeletedToast(template.title));
      },
    });
  };

  const columns: TableColumnsType<TaskTemplate> = [
    { title: t('Title'), dataIndex: 'title' },
    {
      title: t('Category'),
      dataIndex: 'category',
      render: (category: string | null | undefined) => templateCategoryLabel(category),
    },
    {
      title: t('Created'),
      dataIndex: 'createdAt',
      render: (createdAt: string) => formatShortDate(createdAt),
    },
    {
      title: t('Actions'),
      key: 'actions',
      render: (_value, template) => (
        <Space>
          <Button
            size="small"
            onClick={() => setEditing(template)}
            aria-label={t('Edit {name}', { name: template.title })}
          >
            {t('Edit')}
          </Button>
          <Button
            size="small"
            danger
            onClick={() => confirmDelete(template)}
            aria-label={t('Delete {name}', { name: template.title })}
          >
            {t('Delete')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <AdminSection
      id="admin-templates"
      title={t('Templates')}
      error={templates.error}
      onRetry={() => void templates.refetch()}
      actions={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
          {t('Add Template')}
        </Button>
      }
    >
      <Table<TaskTemplate>
        rowKey="id"
        caption={<TableCaption>{t('Task templates')}</TableCaption>}
        columns={columns}
        dataSource={templates.data ?? []}
        loading={templates.isPending}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        locale={{ emptyText: t('No templates yet') }}
        expandable={{
          rowExpandable: (template) => Boolean(template.description),
          expandedRowRender: (template) => <p className="admin-section__note">{template.description}</p>,
        }}
        scroll={{ x: true }}
      />
      {editing && (
        <TemplateModal template={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
    </AdminSection>
  );
}

/** The form's values: the guide's practices are written one per line. */
interface TemplateFormValues {
  title: string;
  description?: string;
  category?: string;
  why?: string;
  practices?: string;
  proTip?: string;
}

function TemplateModal({ template, onClose }: { template: TaskTemplate | null; onClose: () => void }) {
  const t = useT();
  const [form] = Form.useForm<TemplateFormValues>();
  const save = useSaveTemplate();
  const notify = useNotify();
  // Issue 18: the standard tasks' guides are the built-in content; an administrator's task has its own.
  const builtInGuide = template !== null && template.hasGuide === true && !template.guide;

  const onFinish = async (values: TemplateFormValues) => {
    const practices = (values.practices ?? '')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '');
    const input: TaskTemplateInput = {
      title: values.title.trim(),
      description: values.description?.trim() ?? '',
      category: values.category?.trim() ?? '',
      ...(builtInGuide
        ? {}
        : { guide: { why: values.why?.trim() ?? '', practices, proTip: values.proTip?.trim() ?? '' } }),
    };
    try {
      await save.mutateAsync({ templateId: template?.id, input });
    } catch (error) {
      notify.error(template ? updateTemplateFailedToast(error) : createTemplateFailedToast(error));
      return;
    }
    notify.success(templateSavedToast(input.title));
    onClose();
  };

  return (
    <Modal
      open
      title={template ? t('Edit template') : t('Add template')}
      okText={template ? t('Save') : t('Add template')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Form<TemplateFormValues>
        form={form}
        layout="vertical"
        name="admin-template"
        initialValues={{
          title: template?.title ?? '',
          category: template && template.category !== DEFAULT_TASK_CATEGORY ? (template.category ?? '') : '',
          description: template?.description ?? '',
          why: template?.guide?.why ?? '',
          practices: template?.guide?.practices.join('\n') ?? '',
          proTip: template?.guide?.proTip ?? '',
        }}
        onFinish={(values) => void onFinish(values)}
      >
        <Form.Item
          label={t('Title')}
          name="title"
          rules={[
            { required: true, whitespace: true, message: t('Please enter a task title') },
            { max: 200, message: t('Task title must be 200 characters or less') },
          ]}
        >
          <Input />
        </Form.Item>
        <Form.Item
          label={t('Category')}
          name="category"
          extra={t('Left empty, the template is shown as General.')}
          rules={[{ max: 100, message: t('Category must be 100 characters or less') }]}
        >
          <Input />
        </Form.Item>
        <Form.Item
          label={t('Description')}
          name="description"
          rules={[{ max: 500, message: t('Task description must be 500 characters or less') }]}
        >
          <Input.TextArea rows={3} showCount maxLength={500} />
        </Form.Item>
        {builtInGuide ? (
          <p className="admin-section__note">{t('This standard task keeps its built-in guide.')}</p>
        ) : (
          <fieldset className="admin-template__guide">
            <legend>{t('Guide')}</legend>
            <Form.Item
              label={t('Why it matters')}
              name="why"
              rules={[
                { required: true, whitespace: true, message: t('Why is required') },
                { max: 2000, message: t('Why must be at most 2000 characters') },
              ]}
            >
              <Input.TextArea rows={3} />
            </Form.Item>
            <Form.Item
              label={t('Best practices')}
              name="practices"
              extra={t('One practice per line (at most 10).')}
              rules={[
                { required: true, whitespace: true, message: t('Add at least one practice') },
                {
                  validator: async (_rule, value: string | undefined) => {
                    const lines = (value ?? '').split('\n').filter((line) => line.trim() !== '');
                    if (lines.length > 10) throw new Error(t('At most 10 practices'));
                  },
                },
              ]}
            >
              <Input.TextArea rows={4} />
            </Form.Item>
            <Form.Item
              label={t('Pro tip')}
              name="proTip"
              rules={[{ max: 1000, message: t('Pro tip must be at most 1000 characters') }]}
            >
              <Input.TextArea rows={2} />
            </Form.Item>
          </fieldset>
        )}
      </Form>
    </Modal>
  );
}
