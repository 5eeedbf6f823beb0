import type { VentureDetail } from '@app/contracts';
import { Alert, Button, Modal, Spin } from 'antd';
import { useState } from 'react';
import { msg, useT } from '../../../i18n/i18n';
import { failureText } from '../../../lib/api-client';
import { useNotify } from '../../../lib/notify';
import { useApplyTemplateUpdate, useTemplateUpdatePreview } from '../api/template-update';

const STATUS_LABEL: Record<string, string> = {
  todo: msg('To do'),
  in_progress: msg('In progress'),
  done: msg('Done'),
};

/**
 * Issue 18: when the venture's program pins a newer template version than the roadmap follows, its owners
 * see it, review what would change (added, removed, renamed tasks) and take it. Statuses, dates, assignees
 * and comments of the tasks that stay are kept.
 */
export function TemplateUpdateNotice({ venture }: { venture: VentureDetail }) {
  const t = useT();
  const available = venture.template?.availableVersion ?? null;
  const [reviewing, setReviewing] = useState(false);
  const preview = useTemplateUpdatePreview(venture.id, available ?? 0, reviewing && available !== null);
  const apply = useApplyTemplateUpdate(venture.id);
  const notify = useNotify();
  if (available === null || venture.role !== 'owner') return null;
  const programName = venture.program?.programName;

  const onApply = async () => {
    try {
      await apply.mutateAsync(available);
    } catch (error) {
      notify.error({
        title: t('The roadmap could not be updated.'),
        description: failureText(error, t('Please try again.')),
      });
      return;
    }
    notify.success({
      title: t('Your roadmap now follows version {version} of the template.', { version: available }),
    });
    setReviewing(false);
  };

  const changes = preview.data;
  const nothing =
    changes !== undefined &&
    changes.added.length === 0 &&
    changes.removed.length === 0 &&
    changes.renamed.length === 0;

  return (
    <>
      <Alert
        className="roadmap-alert template-update-notice"
        data-testid="template-update-notice"
        type="info"
        showIcon
        title={
          programName === undefined
            ? t("A newer version of your program's roadmap template is available (version {version}).", {
                version: available,
              })
            : t("A newer version of {program}'s roadmap template is available (version {version}).", {
                program: programName,
                version: available,
              })
        }
        description={t('Review what changes before you update: the work on the tasks that stay is kept.')}
        action={
          <Button type="primary" onClick={() => setReviewing(true)} aria-haspopup="dialog">
            {t('Review changes')}
          </Button>
        }
      />
      <Modal
        open={reviewing}
        title={t('Update to version {version}', { version: available })}
        onCancel={() => setReviewing(false)}
        okText={t('Update roadmap')}
        onOk={() => void onApply()}
        okButtonProps={{ disabled: !changes, loading: apply.isPending }}
        cancelText={t('Not now')}
        destroyOnHidden
      >
        {preview.isPending ? (
          <Spin aria-label={t('Loading the changes')} />
        ) : preview.isError ? (
          <Alert
            type="error"
            showIcon
            role="alert"
            title={t('The changes could not be loaded.')}
            description={failureText(preview.error, t('Please try again.'))}
            action={<Button onClick={() => void preview.refetch()}>{t('Try again')}</Button>}
          />
        ) : changes ? (
          <div className="template-update-changes" data-testid="template-update-changes">
            {nothing ? <p>{t('Nothing on your roadmap changes; it will follow the new version.')}</p> : null}
            {changes.added.length > 0 ? (
              <section aria-labelledby="template-update-added">
                <h3 id="template-update-added">{t('Added ({count})', { count: changes.added.length })}</h3>
                <ul>
                  {changes.added.map((task) => (
                    <li key={task.taskId}>
                      {task.title} <span className="template-update-changes__note">({t(task.category)})</span>
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}
            {changes.removed.length > 0 ? (
              <section aria-labelledby="template-update-removed">
                <h3 id="template-update-removed">
                  {t('Removed ({count})', { count: changes.removed.length })}
                </h3>
                <p className="template-update-changes__note">
                  {t('Their status is kept should a later version bring them back.')}
                </p>
                <ul>
                  {changes.removed.map((task) => (
                    <li key={task.taskId}>
                      {task.title}{' '}
                      <span className="template-update-changes__note">
                        ({t(STATUS_LABEL[task.status] ?? task.status)})
                      </span>
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}
            {changes.renamed.length > 0 ? (
              <section aria-labelledby="template-update-renamed">
                <h3 id="template-update-renamed">
                  {t('Renamed ({count})', { count: changes.renamed.length })}
                </h3>
                <ul>
                  {changes.renamed.map((task) => (
                    <li key={task.taskId}>
                      {task.from} → {task.to}
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}
          </div>
        ) : null}
      </Modal>
    </>
  );
}
