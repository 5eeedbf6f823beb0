import type { CalendarFeedStatus } from '@app/contracts';
import { Alert, App, Button, Input, Skeleton, Space } from 'antd';
import { useId, useState } from 'react';
import { failureText } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/relative-time';
import { useNotify } from '../../../lib/notify';
import { TOAST_SECONDS } from '../../../lib/toast-options';
import { useCalendarFeed, useCreateCalendarFeed, useRevokeCalendarFeed } from '../api/calendar-feed';

export const CALENDAR_FEED_HINT =
  'Paste it into Google Calendar, Outlook or Apple Calendar as a subscription. Anyone with this link can see your dated tasks.';

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
  const id = useId();
  if (!status.active) {
    return (
      <div className="calendar-feed">
        <p className="account-card__hint">
          See the due dates of the tasks of all your ventures in your calendar app: one private link, updated
          as your plan changes.
        </p>
        <Button type="primary" onClick={onCreate} loading={pending} disabled={pending}>
          Create feed URL
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
            Your calendar feed URL
          </label>
          <Space.Compact style={{ width: '100%' }}>
            <Input id={`${id}-url`} readOnly value={url} aria-describedby={`${id}-hint`} />
            <Button onClick={() => onCopy(url)}>Copy</Button>
          </Space.Compact>
          <p id={`${id}-hint`} className="account-card__hint">
            {CALENDAR_FEED_HINT} It is shown only now: copy it before you leave this page.
          </p>
        </div>
      ) : null}
      <p className="account-card__hint" data-testid="calendar-feed-status">
        Created on {created}, {fetched ? `last fetched ${fetched}` : 'not fetched yet'}.
      </p>
      <Space wrap>
        <Button onClick={onRegenerate} loading={pending} disabled={pending}>
          Regenerate URL
        </Button>
        {/* Not `danger`: antd's red text on white fails WCAG AA contrast; the confirm dialog says what it does. */}
        <Button onClick={onRevoke} disabled={pending}>
          Revoke
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
      description: failureText(error, 'Please try again.'),
      duration: TOAST_SECONDS.long,
    });

  const makeUrl = () => {
    if (pending) return;
    create.mutate(undefined, {
      onSuccess: (created) => setUrl(created.url),
      onError: failed('Could not create the calendar feed URL'),
    });
  };

  const regenerate = () =>
    modal.confirm({
      title: 'Regenerate the calendar feed URL?',
      content: 'The current URL stops working at once: calendars subscribed to it must get the new one.',
      okText: 'Regenerate',
      cancelText: 'Cancel',
      autoFocusButton: 'cancel',
      onOk: makeUrl,
    });

  const revokeFeed = () =>
    modal.confirm({
      title: 'Revoke the calendar feed URL?',
      content: 'The URL stops working at once; calendars subscribed to it stop updating.',
      okText: 'Revoke',
      okButtonProps: { danger: true },
      cancelText: 'Cancel',
      autoFocusButton: 'cancel',
      onOk: () => {
        if (pending) return;
        revoke.mutate(undefined, {
          onSuccess: () => {
            setUrl(null);
            notify.success({ title: 'Calendar feed revoked', description: 'Its URL no longer works.' });
          },
          onError: failed('Could not revoke the calendar feed'),
        });
      },
    });

  const copy = (text: string) => {
    navigator.clipboard.writeText(text).then(
      () => notify.success({ title: 'Copied', description: 'The calendar feed URL is on your clipboard.' }),
      () =>
        notify.error({
          title: 'Could not copy',
          description: 'Select the URL and copy it with your keyboard.',
        }),
    );
  };

  let body;
  if (feed.isPending) {
    body = (
      <div role="status" aria-live="polite">
        <span className="visually-hidden">Loading your calendar feed</span>
        <Skeleton active paragraph={{ rows: 2 }} title={false} />
      </div>
    );
  } else if (feed.isError) {
    body = (
      <Alert
        type="error"
        showIcon
        title="Your calendar feed could not be loaded."
        description={failureText(feed.error, 'Please try again.')}
        action={
          <Button size="small" onClick={() => void feed.refetch()} loading={feed.isFetching}>
            Try again
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
        Calendar feed
      </h2>
      {body}
    </section>
  );
}
