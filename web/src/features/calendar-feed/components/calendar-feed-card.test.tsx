import { activateLanguage } from '../../../i18n/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { renderStatic, textOf } from '../../../testing/static-render';
import { calendarFeedQueryOptions } from '../api/calendar-feed';
import { CALENDAR_FEED_HINT, CalendarFeedCard, CalendarFeedView } from './calendar-feed-card';

const noop = () => undefined;
const view = (props: Partial<Parameters<typeof CalendarFeedView>[0]>) =>
  renderStatic(
    <CalendarFeedView
      status={{ active: false, createdAt: null, lastFetchedAt: null }}
      url={null}
      pending={false}
      onCreate={noop}
      onRegenerate={noop}
      onRevoke={noop}
      onCopy={noop}
      {...props}
    />,
  );

const ACTIVE = { active: true, createdAt: '2026-11-20T10:00:00.000Z', lastFetchedAt: null };

describe('the account page’s Calendar feed card', () => {
  it('without a feed offers "Create feed URL" and nothing else', () => {
    const html = view({});
    const text = textOf(html);
    expect(text).toContain('Create feed URL');
    expect(text).not.toContain('Regenerate URL');
    expect(text).not.toContain('Revoke');
    expect(html).not.toContain('readOnly');
  });

  it('just created: the URL once in a read-only input with Copy and the hint, then Regenerate and Revoke', () => {
    const url = 'https://app.example.test/api/calendar/abc/tasks.ics';
    const html = view({ status: ACTIVE, url });
    const text = textOf(html);
    expect(html).toMatch(new RegExp(`<input[^>]*readOnly=""[^>]*value="${url.replace(/[./]/g, '\\$&')}"`));
    expect(text).toContain('Copy');
    expect(text).toContain(CALENDAR_FEED_HINT);
    expect(text).toContain('Regenerate URL');
    expect(text).toContain('Revoke');
    expect(text).toContain('not fetched yet');
  });

  it('later: no URL (only its hash is kept), the status line with the last fetch', () => {
    const html = view({ status: { ...ACTIVE, lastFetchedAt: '2026-11-21T08:30:00.000Z' } });
    const text = textOf(html);
    expect(html).not.toContain('readOnly');
    expect(text).toMatch(/Created on Nov 20, 2026, .+, last fetched Nov 21, 2026/);
  });

  it('while a request is in flight every button waits (one request per click)', () => {
    const pendingNew = view({ pending: true });
    expect(pendingNew.match(/<button[^>]*disabled=""/g)).toHaveLength(1);
    const pendingActive = view({ status: ACTIVE, pending: true });
    expect(pendingActive.match(/<button[^>]*disabled=""/g)).toHaveLength(2);
    expect(view({ status: ACTIVE }).match(/<button[^>]*disabled=""/g)).toBeNull();
  });

  it('loads the status from the cache, and says so while loading', () => {
    expect(textOf(renderStatic(<CalendarFeedCard />))).toContain('Loading your calendar feed');
    const queryClient = createQueryClient();
    queryClient.setQueryData(calendarFeedQueryOptions().queryKey, ACTIVE);
    const text = textOf(renderStatic(<CalendarFeedCard />, queryClient));
    expect(text).toContain('Calendar feed');
    expect(text).toContain('Regenerate URL');
  });
});

describe('the Calendar feed card in Spanish (issue 21)', () => {
  beforeEach(() => activateLanguage('es', false));
  afterEach(() => activateLanguage('en', false));

  it('offers the feed, and once created says when it was made and fetched, in Spanish', () => {
    expect(textOf(view({}))).toContain('Crear URL del feed');
    const text = textOf(view({ status: ACTIVE, url: 'https://app.example.test/api/calendar/abc/tasks.ics' }));
    expect(text).toContain('Copiar');
    expect(text).toContain('Cualquier persona con este enlace puede ver tus tareas con fecha.');
    expect(text).toContain('Solo se muestra ahora: cópiala antes de salir de esta página.');
    expect(text).toMatch(/Creado el .*2026.*, todavía sin consultar\./);
    expect(text).toContain('Regenerar URL');
  });
});
