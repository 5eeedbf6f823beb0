import { PlusOutlined } from '@ant-design/icons';
import type { OrgTemplate, OrgTemplateTask, TemplateChanges } from '@app/contracts';
import { Alert, Button, Modal, Space, Tag } from 'antd';
import { useEffect, useRef, useState, type ComponentType } from 'react';
import { Link, useParams } from 'react-router-dom';
import { PageSpinner } from '../../../components/page-spinner';
import { Seo } from '../../../components/seo';
import { currentLocale, translate, useT } from '../../../i18n/i18n';
import { Trans } from '../../../i18n/trans';
import { failureText, isApiError } from '../../../lib/api-client';
import { useNotify } from '../../../lib/notify';
import { useOrgTemplate, usePublishTemplate, useSaveTemplateDraft } from '../api/org-template';
import { SortableCategory } from '../components/sortable-category';
import { TaskFormModal, type TaskFormResult } from '../components/task-form-modal';
import { addCustomTask, isDirty, moveWithinCategory, replaceTask, tasksByCategory } from '../template-draft';
import '../org-templates.css';

interface TemplateEditorPageProps {
  /** What anyone but the organization's admins sees: the app's "Page Not Found". */
  NotFound: ComponentType;
}

/**
 * `/orgs/{slug}/template` (issue 18): the org admin edits the organization's task template (a draft that
 * starts as the master list) and publishes it as versions a program can pin.
 */
export function TemplateEditorPage({ NotFound }: TemplateEditorPageProps) {
  const t = useT();
  const slug = useParams().slug ?? '';
  const template = useOrgTemplate(slug);

  if (template.isPending) return <PageSpinner label={t('Loading the task template')} />;
  if (template.isError) {
    if (isApiError(template.error) && [403, 404].includes(template.error.status)) return <NotFound />;
    return (
      <div className="template-editor">
        <Alert
          type="error"
          showIcon
          role="alert"
          title={t('The task template could not be loaded.')}
          description={failureText(template.error, t('Please try again.'))}
          action={<Button onClick={() => void template.refetch()}>{t('Try again')}</Button>}
        />
      </div>
    );
  }
  // A saved draft or a new version starts the editor afresh from the server's draft.
  const revision = `${template.data.draftUpdatedAt ?? 'master'}:${template.data.versions.length}`;
  return <Editor key={revision} slug={slug} template={template.data} />;
}

type Editing = OrgTemplateTask | 'new' | null;

function Editor({ slug, template }: { slug: string; template: OrgTemplate }) {
  const t = useT();
  const [draft, setDraft] = useState<readonly OrgTemplateTask[]>(template.draft);
  const [editing, setEditing] = useState<Editing>(null);
  const [publishing, setPublishing] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const headingRef = useRef<HTMLHeadingElement>(null);
  const save = useSaveTemplateDraft(slug);
  const publish = usePublishTemplate(slug);
  const notify = useNotify();
  useEffect(() => headingRef.current?.focus(), []);

  const dirty = isDirty(draft, template.draft);
  const latest = template.versions.at(-1)?.version ?? 0;
  const next = latest + 1;
  const groups = tasksByCategory(draft);

  const move = (task: OrgTemplateTask, to: number, by: 'drag' | 'button') => {
    const category = groups.find((group) => group.category === task.category);
    if (!category || to < 0 || to >= category.tasks.length) return;
    setDraft((current) => moveWithinCategory(current, task.key, to));
    // dnd-kit's own live region announced a drag already; saying it twice would repeat it to screen readers.
    if (by === 'button') {
      setAnnouncement(
        translate('{title} moved to position {position} of {total} in {category}.', {
          title: task.title,
          position: to + 1,
          total: category.tasks.length,
          category: translate(task.category),
        }),
      );
    }
  };

  const toggleHidden = (task: OrgTemplateTask) => {
    setDraft((current) => replaceTask(current, task.key, { hidden: !task.hidden }));
    setAnnouncement(
      task.hidden
        ? translate('{title} is shown again.', { title: task.title })
        : translate('{title} is hidden.', { title: task.title }),
    );
  };

  const onTaskForm = (result: TaskFormResult) => {
    if (editing === 'new') {
      setDraft((current) => addCustomTask(current, result));
      setAnnouncement(
        translate('{title} added to {category}.', {
          title: result.title,
          category: translate(result.category),
        }),
      );
    } else if (editing) {
      setDraft((current) =>
        replaceTask(current, editing.key, {
          title: result.title,
          description: result.description,
          guide: result.guide,
        }),
      );
      setAnnouncement(translate('{title} changed.', { title: result.title }));
    }
    setEditing(null);
  };

  const onSave = async () => {
    try {
      await save.mutateAsync(draft);
    } catch (error) {
      notify.error({
        title: t('The draft could not be saved.'),
        description: failureText(error, t('Please try again.')),
      });
      return;
    }
    notify.success({ title: t('Draft saved.') });
  };

  const onPublish = async () => {
    let published;
    try {
      published = await publish.mutateAsync();
    } catch (error) {
      notify.error({
        title: t('The version could not be published.'),
        description: failureText(error, t('Please try again.')),
      });
      return;
    }
    setPublishing(false);
    notify.success({
      title: t('Version {version} published.', { version: published.version }),
      description: t('Pin it on a program in the workspace so its new ventures get it.'),
    });
  };

  return (
    <div className="template-editor">
      <Seo title={t('Task template')} noindex />
      <p className="template-editor__back">
        <Link to={`/orgs/${encodeURIComponent(slug)}?tab=programs`}>{t('Back to the workspace')}</Link>
      </p>
      <header className="template-editor__header">
        <div>
          <h1 className="template-editor__title" ref={headingRef} tabIndex={-1}>
            {t('Task template')}
          </h1>
          <p className="template-editor__status">
            {latest === 0
              ? t('No version published yet: programs use the standard 50 tasks.')
              : t('Latest: version {version}.', { version: latest })}{' '}
            {dirty ? <Tag color="orange">{t('Unsaved changes')}</Tag> : null}
          </p>
        </div>
        <Space wrap>
          <Button
            icon={<PlusOutlined aria-hidden="true" />}
            onClick={() => setEditing('new')}
            aria-haspopup="dialog"
          >
            {t('Add task')}
          </Button>
          <Button onClick={() => void onSave()} loading={save.isPending} disabled={!dirty}>
            {t('Save draft')}
          </Button>
          <Button
            type="primary"
            onClick={() => setPublishing(true)}
            disabled={dirty || !template.draftChanged}
            aria-haspopup="dialog"
          >
            {t('Publish version {version}', { version: next })}
          </Button>
        </Space>
      </header>
      {dirty ? (
        <p className="template-editor__hint">{t('Save the draft before you publish it.')}</p>
      ) : !template.draftChanged ? (
        <p className="template-editor__hint">
          {latest === 0
            ? t('Change the list (add, hide, rename or reorder tasks) to publish a first version.')
            : t('The draft is version {latest}: change it to publish version {next}.', { latest, next })}
        </p>
      ) : null}
      <div className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </div>
      {groups.map((group) => (
        <SortableCategory
          key={group.category}
          category={group.category}
          tasks={group.tasks}
          onMove={move}
          onEdit={(task) => setEditing(task)}
          onToggleHidden={toggleHidden}
        />
      ))}
      <VersionHistory template={template} />
      {editing !== null ? (
        <TaskFormModal
          task={editing === 'new' ? null : editing}
          onSubmit={onTaskForm}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <Modal
        open={publishing}
        title={t('Publish version {version}', { version: next })}
        okText={t('Publish version {version}', { version: next })}
        cancelText={t('Cancel')}
        onOk={() => void onPublish()}
        okButtonProps={{ loading: publish.isPending }}
        onCancel={() => setPublishing(false)}
        destroyOnHidden
      >
        <p>
          {t('A published version never changes. Programs that pin it give its tasks to their new ventures.')}
        </p>
        <ChangeList changes={template.pendingChanges} />
      </Modal>
    </div>
  );
}

/** What a version changes (or the draft would): added, hidden, renamed, guides adapted, order. */
function ChangeList({ changes }: { changes: TemplateChanges }) {
  const t = useT();
  const sections = [
    {
      key: 'added',
      title: t('Added'),
      items: changes.added.map((task) => `${task.title} (${t(task.category)})`),
    },
    { key: 'removed', title: t('Hidden or removed'), items: changes.removed.map((task) => task.title) },
    {
      key: 'renamed',
      title: t('Renamed'),
      items: changes.renamed.map((task) => `${task.from} → ${task.to}`),
    },
    { key: 'guides', title: t('Guide adapted'), items: changes.guidesChanged.map((task) => task.title) },
  ].filter((section) => section.items.length > 0);
  return (
    <div className="template-changes" data-testid="template-changes">
      {sections.map((section) => (
        <section key={section.key} aria-label={section.title}>
          <h3 className="template-changes__title">
            {t('{title} ({count})', { title: section.title, count: section.items.length })}
          </h3>
          <ul>
            {section.items.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </section>
      ))}
      {changes.reordered ? <p>{t('Tasks were reordered.')}</p> : null}
      {sections.length === 0 && !changes.reordered ? (
        <p>{t('No change to the tasks ventures see.')}</p>
      ) : null}
    </div>
  );
}

function VersionHistory({ template }: { template: OrgTemplate }) {
  const t = useT();
  if (template.versions.length === 0) return null;
  return (
    <section className="template-versions" aria-labelledby="template-versions-title">
      <h2 id="template-versions-title" className="template-category__title">
        {t('Published versions')}
      </h2>
      <ol className="template-versions__list" reversed>
        {[...template.versions].reverse().map((version) => (
          <li key={version.version}>
            <Trans
              id="<0>Version {version}</0>: {count, plural, other {# tasks}}, published {date} by {name}"
              values={{
                version: version.version,
                count: version.taskCount,
                date: new Date(version.publishedAt).toLocaleDateString(currentLocale()),
                name: version.publishedBy.displayName,
              }}
              components={{ 0: <strong /> }}
            />
            <ChangeList changes={version.changes} />
          </li>
        ))}
      </ol>
    </section>
  );
}
