import { TASK_CATEGORIES, type OrgGuide, type OrgTemplateTask } from '@app/contracts';
import { Form, Input, Modal, Select } from 'antd';
import { useT } from '../../../i18n/i18n';
import { guideFromFields, isCustomKey } from '../template-draft';

interface TaskFormValues {
  category: string;
  title: string;
  description?: string;
  why?: string;
  practices?: string;
  proTip?: string;
  localResources?: string;
}

export interface TaskFormResult {
  category: string;
  title: string;
  description: string;
  guide: OrgGuide | null;
}

interface TaskFormModalProps {
  /** null: adding a task of the organization's own. */
  task: OrgTemplateTask | null;
  onSubmit: (result: TaskFormResult) => void;
  onClose: () => void;
}

/**
 * Adds a task of the organization's own (with its guide: why, practices, pro tip, local resources), or
 * renames a task and adapts its guide. For a master task, empty guide fields keep the master guide's text.
 */
export function TaskFormModal({ task, onSubmit, onClose }: TaskFormModalProps) {
  const t = useT();
  const [form] = Form.useForm<TaskFormValues>();
  const custom = task === null || isCustomKey(task.key);

  const onFinish = (values: TaskFormValues) => {
    onSubmit({
      category: values.category,
      title: values.title.trim(),
      description: values.description?.trim() ?? '',
      guide: guideFromFields(values),
    });
  };

  return (
    <Modal
      open
      title={task ? t('Edit “{title}”', { title: task.title }) : t('Add a task')}
      okText={task ? t('Apply') : t('Add task')}
      cancelText={t('Cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      width={640}
    >
      <p className="template-form__note">
        {t(
          'Changes stay in this draft until you save it. Ventures get them when a version is published and their program uses it.',
        )}
      </p>
      <Form<TaskFormValues>
        form={form}
        layout="vertical"
        name="template-task"
        initialValues={{
          category: task?.category ?? TASK_CATEGORIES[1],
          title: task?.title ?? '',
          description: task?.description ?? '',
          why: task?.guide?.why ?? '',
          practices: task?.guide?.practices.join('\n') ?? '',
          proTip: task?.guide?.proTip ?? '',
          localResources: task?.guide?.localResources ?? '',
        }}
        onFinish={onFinish}
      >
        <Form.Item
          label={t('Category')}
          name="category"
          rules={[{ required: true, message: t('Choose a category') }]}
        >
          <Select
            disabled={task !== null}
            options={TASK_CATEGORIES.map((category) => ({ value: category, label: t(category) }))}
          />
        </Form.Item>
        <Form.Item
          label={t('Title')}
          name="title"
          rules={[
            { required: true, whitespace: true, message: t('Title is required') },
            { max: 200, message: t('Title must be at most 200 characters') },
          ]}
        >
          <Input />
        </Form.Item>
        <Form.Item
          label={t('Description')}
          name="description"
          rules={[{ max: 500, message: t('Description must be at most 500 characters') }]}
        >
          <Input.TextArea rows={2} />
        </Form.Item>
        <fieldset className="template-form__guide">
          <legend>{t('Guide')}</legend>
          {custom ? null : (
            <p className="template-form__note">
              {t("Leave a field empty to keep the standard guide's text.")}
            </p>
          )}
          <Form.Item
            label={t('Why it matters')}
            name="why"
            rules={[
              ...(custom ? [{ required: true, whitespace: true, message: t('Why is required') }] : []),
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
              ...(custom
                ? [{ required: true, whitespace: true, message: t('Add at least one practice') }]
                : []),
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
          <Form.Item
            label={t('Local resources')}
            name="localResources"
            extra={t('Your own help for this task, e.g. “Book our legal clinic: clinic.example.org”.')}
            rules={[{ max: 2000, message: t('Local resources must be at most 2000 characters') }]}
          >
            <Input.TextArea rows={2} />
          </Form.Item>
        </fieldset>
      </Form>
    </Modal>
  );
}
