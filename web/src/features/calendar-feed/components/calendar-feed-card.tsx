import type { CalendarFeedStatus } from '@app/contracts';
import { Alert, App, Button, Input, Skeleton, Space } from 'antd';
import { useId, useState } from 'react';
import { msg, useT } from '../../../i18n/i18n';
import { failureText } from '../../../lib/api-client';
import { useNotify } from '../../../lib/notify';
import { formatDateTime } from '../../../lib/relative-time';
import { TOAST_SECONDS } from '../../../lib/toast-options';
import { useCalendarFeed, useCreateCalendarFeed, useRevokeCalendarFeed } from '../api/calendar-feed';

/** Shown with `t(…)`. */
export const CALENDAR_FEED_HINT = msg(
  'Paste it into Google Calendar, Outlook or Apple Calendar as a subscription. Anyone with this link can see your dated tasks.',
);

export interface CalendarFeedViewProps {
  status: CalendarFeedStatus;
  /** The URL just created or regenerated: shown once (only its hash is kept on the server). */
  url: string | null;
  /** A create, regenerate or revoke request is in flight: every button waits. */
  pending: boolean;
  onCreate(): void;
  onRegenerate(): void;
  onRevoke(): void;
  onCopy(url: string): void;
}

/** What the card shows for a feed status (pure: the unit tests render it for each state). */
export function CalendarFeedView({
  status,
  url,
  pending,
  onCreate,
  onRegenerate,
  onRevoke,
  onCopy,
}: CalendarFeedViewProps) {
  const t = useT();
  const id = useId();
  if (!status.active) {
    return (
      <div className="calendar-feed">
        <p className="account-card__hint">
          {t(
            'See the due dates of the tasks of all your ventures in your calendar app: one private link, updated as your plan changes.',
          )}
        </p>
        <Button type="primary" onClick={onCreate} loading={pending} disabled={pending}>
          {t('Create feed URL')}
        </Button>
      </div>
    );
  }
  const created = status.createdAt ? formatDateTime(status.createdAt) : '';
  const fetched = status.lastFetchedAt ? formatDateTime(status.lastFetchedAt) : null;
  return (
    <div className="calendar-feed">
      {url ? (
        <div className="calendar-feed__url">
          <label htmlFor={`${id}-url`} className="notification-settings__label">
            {t('Your calendar feed URL')}
          </label>
          <Space.Compact style={{ width: '100%' }}>
            <Input id={`${id}-url`} readOnly value={url} aria-describedby={`${id}-hint`} />
            <Button onClick={() => onCopy(url)}>{t('Copy')}</Button>
          </Space.Compact>
          <p id={`${id}-hint`} className="account-card__hint">
            {t(CALENDAR_FEED_HINT)} {t('It is shown only now: copy it before you leave this page.')}
          </p>
        </div>
      ) : null}
      <p className="account-card__hint" data-testid="calendar-feed-status">
        {fetched
          ? t('Created on {created}, last fetched {fetched}.', { created, fetched })
          : t('Created on {created}, not fetched yet.', { created })}
      </p>
      <Space wrap>
        <Button onClick={onRegenerate} loading={pending} disabled={pending}>
          {t('Regenerate URL')}
        </Button>
        {/* Not `danger`: antd's red text on white fails WCAG AA contrast; the confirm dialog says what it does. */}
        <Button onClick={onRevoke} disabled={pending}>
          {t('Revoke')}
        </Button>
      </Space>
    </div>
  );
}

/**
 * The account page's Calendar feed card (issue 17): a private ICS URL of the dated tasks of every venture
 * the user can open. Created (shown once, with a Copy button), regenerated (confirm: the old URL stops
 * working) or revoked; one request per click.
 */
export function CalendarFeedCard() {
  const t = useT();
  const id = useId();
  const { modal } = App.useApp();
  const notify = useNotify();
  const feed = useCalendarFeed();
  const create = useCreateCalendarFeed();
  const revoke = useRevokeCalendarFeed();
  const [url, setUrl] = useState<string | null>(null);
  const pending = create.isPending || revoke.isPending;

  const failed = (title: string) => (error: unknown) =>
    notify.error({
      title,
      description: failureText(error, t('Please try again.')),
      duration: TOAST_SECONDS.long,
    });

  const makeUrl = () => {
    if (pending) return;
    create.mutate(undefined, {
      onSuccess: (created) => setUrl(created.url),
      onError: failed(msg('Could not create the calendar feed URL')),
    });
  };

  const regenerate = () =>
    modal.confirm({
      title: t('Regenerate the calendar feed URL?'),
      content: t('The current URL stops working at once: calendars subscribed to it must get the new one.'),
      okText: t('Regenerate'),
      cancelText: t('Cancel'),
      autoFocusButton: 'cancel',
      onOk: makeUrl,
    });

  const revokeFeed = () =>
    modal.confirm({
      title: t('Revoke the calendar feed URL?'),
      content: t('The URL stops working at once; calendars subscribed to it stop updating.'),
      okText: t('Revoke'),
      okButtonProps: { danger: true },
      cancelText: t('Cancel'),
      autoFocusButton: 'cancel',
      onOk: () => {
        if (pending) return;
        revoke.mutate(undefined, {
          onSuccess: () => {
            setUrl(null);
            notify.success({ title: t('Calendar feed revoked'), description: t('Its URL no longer works.') });
          },
          onError: failed(msg('Could not revoke the calendar feed')),
        });
      },
    });

  const copy = (text: string) => {
    navigator.clipboard.writeText(text).then(
      () =>
        notify.success({ title: t('Copied'), description: t('The calendar feed URL is on your clipboard.') }),
      () =>
        notify.error({
          title: t('Could not copy'),
          description: t('Select the URL and copy it with your keyboard.'),
        }),
    );
  };

  let body;
  if (feed.isPending) {
    body = (
      <div role="status" aria-live="polite">
        <span className="visually-hidden">{t('Loading your calendar feed')}</span>
        <Skeleton active paragraph={{ rows: 2 }} title={false} />
      </div>
    );
  } else if (feed.isError) {
    body = (
      <Alert
        type="error"
        showIcon
        title={t('Your calendar feed could not be loaded.')}
        description={failureText(feed.error, t('Please try again.'))}
        action={
          <Button size="small" onClick={() => void feed.refetch()} loading={feed.isFetching}>
            {t('Try again')}
          </Button>
        }
      />
    );
  } else {
    body = (
      <CalendarFeedView
        status={feed.data}
        url={url}
        pending={pending}
        onCreate={makeUrl}
        onRegenerate={regenerate}
        onRevoke={revokeFeed}
        onCopy={copy}
      />
    );
  }

  return (
    <section className="account-card account-card--wide" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="account-card__title">
        {t('Calendar feed')}
      </h2>
      {body}
    </section>
  );
}
