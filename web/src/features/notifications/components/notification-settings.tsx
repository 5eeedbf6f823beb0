import type { TaskChangeDelivery } from '@app/contracts';
import { Alert, Button, Radio, Skeleton, Switch } from 'antd';
import { useId } from 'react';
import { failureText } from '../../../lib/api-client';
import { useNotify } from '../../../lib/notify';
import { TOAST_SECONDS } from '../../../lib/toast-options';
import {
  useNotificationPreferences,
  useUpdateNotificationPreferences,
  type NotificationPreferencesChange,
} from '../api/notification-preferences';
import { msg, useT } from '../../../i18n/i18n';

const deliveryOptions: { value: TaskChangeDelivery; label: string }[] = [
  { value: 'instant', label: msg('Instantly') },
  { value: 'daily', label: msg('Daily digest') },
  { value: 'off', label: msg('Off') },
];

/**
 * The account page's Notifications card (issue 16): how task changes on shared ventures arrive (at once, in a
 * daily digest, or not at all), and whether mentions, assignments, due-date reminders (issue 17) and program
 * updates (issue 18: at-risk alerts to mentors, weekly program digests) send an e-mail. Each choice is saved
 * as it is made; invitations and account e-mails are always sent.
 */
export function NotificationSettings() {
  const t = useT();
  const id = useId();
  const notify = useNotify();
  const preferences = useNotificationPreferences();
  const update = useUpdateNotificationPreferences();

  const save = (change: NotificationPreferencesChange) =>
    update.mutate(change, {
      onSuccess: () =>
        notify.success({
          title: t('Notifications updated'),
          description: t('Your e-mail settings are saved.'),
        }),
      onError: (error) =>
        notify.error({
          title: t('Could not update your notifications'),
          description: failureText(error, t('There was an error updating your notification settings')),
          duration: TOAST_SECONDS.long,
        }),
    });

  let body;
  if (preferences.isPending) {
    body = (
      <div role="status" aria-live="polite">
        <span className="visually-hidden">{t('Loading your notification settings')}</span>
        <Skeleton active paragraph={{ rows: 3 }} title={false} />
      </div>
    );
  } else if (preferences.isError) {
    body = (
      <Alert
        type="error"
        showIcon
        title={t('Your notification settings could not be loaded.')}
        description={failureText(preferences.error, t('Please try again.'))}
        action={
          <Button size="small" onClick={() => void preferences.refetch()} loading={preferences.isFetching}>
            {t('Try again')}
          </Button>
        }
      />
    );
  } else {
    const current = preferences.data;
    const busy = update.isPending;
    body = (
      <div className="notification-settings">
        <div className="notification-settings__row" role="group" aria-labelledby={`${id}-changes`}>
          <div>
            <p id={`${id}-changes`} className="notification-settings__label">
              {t('Task changes')}
            </p>
            <p className="notification-settings__hint">
              {t('When a co-founder moves a task on a venture you share.')}
            </p>
          </div>
          <Radio.Group
            optionType="button"
            value={current.taskChanges}
            options={deliveryOptions.map((option) => ({ ...option, label: t(option.label) }))}
            disabled={busy}
            onChange={(event) => save({ taskChanges: event.target.value as TaskChangeDelivery })}
            aria-labelledby={`${id}-changes`}
          />
        </div>
        <div className="notification-settings__row">
          <div>
            <label htmlFor={`${id}-mentions`} className="notification-settings__label">
              {t('Mentions')}
            </label>
            <p className="notification-settings__hint">{t('When someone @mentions you in a comment.')}</p>
          </div>
          <Switch
            id={`${id}-mentions`}
            checked={current.mentions}
            disabled={busy}
            onChange={(mentions) => save({ mentions })}
          />
        </div>
        <div className="notification-settings__row">
          <div>
            <label htmlFor={`${id}-assignments`} className="notification-settings__label">
              {t('Assignments')}
            </label>
            <p className="notification-settings__hint">{t('When a task is assigned to you.')}</p>
          </div>
          <Switch
            id={`${id}-assignments`}
            checked={current.assignments}
            disabled={busy}
            onChange={(assignments) => save({ assignments })}
          />
        </div>
        <div className="notification-settings__row">
          <div>
            <label htmlFor={`${id}-reminders`} className="notification-settings__label">
              {t('Due-date reminders')}
            </label>
            <p className="notification-settings__hint">
              {t(
                '7 days before a task is due, the day before, and once when it is overdue (your tasks, and the unassigned tasks of ventures you own).',
              )}
            </p>
          </div>
          <Switch
            id={`${id}-reminders`}
            checked={current.reminders}
            disabled={busy}
            onChange={(reminders) => save({ reminders })}
          />
        </div>
        <div className="notification-settings__row">
          <div>
            <label htmlFor={`${id}-program-updates`} className="notification-settings__label">
              {t('Program updates')}
            </label>
            <p className="notification-settings__hint">
              {t(
                'At-risk alerts for the ventures you mentor, and the weekly digest of the programs you run.',
              )}
            </p>
          </div>
          <Switch
            id={`${id}-program-updates`}
            checked={current.programUpdates}
            disabled={busy}
            onChange={(programUpdates) => save({ programUpdates })}
          />
        </div>
        <p className="notification-settings__hint">
          {t('Invitations and e-mails about your account are always sent.')}
        </p>
      </div>
    );
  }

  return (
    <section
      className="account-card account-card--wide"
      aria-labelledby={`${id}-heading`}
      data-testid="notification-settings"
    >
      <h2 id={`${id}-heading`} className="account-card__title">
        {t('Notifications')}
      </h2>
      {body}
    </section>
  );
}
