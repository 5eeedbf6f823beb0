import { SEARCH_TEXT_MAX } from '@app/contracts';
import { Alert, Button, Input } from 'antd';
import { useRef } from 'react';
import { useT } from '../../../i18n/i18n';
import { useSingleFlight } from '../../../lib/single-flight';
import { listStatusText, moreFailedText, type ListNoun } from '../admin-messages';

interface ListSearchProps {
  /** What is searched, as a screen reader hears the box: "Search users by e-mail or name". */
  label: string;
  placeholder: string;
  /** The search as submitted (Enter or the Search button), trimmed; empty when cleared. */
  onSearch: (q: string) => void;
}

/**
 * A list's search box (issue 18): the server searches, once per submitted search (Enter or the button),
 * never per keystroke. Clearing the box shows the whole list again.
 */
export function ListSearch({ label, placeholder, onSearch }: ListSearchProps) {
  const t = useT();
  return (
    <div role="search" aria-label={label} className="admin-list__search">
      <Input.Search
        aria-label={label}
        placeholder={placeholder}
        allowClear
        enterButton={t('Search')}
        maxLength={SEARCH_TEXT_MAX}
        onSearch={(value) => onSearch(value.trim())}
      />
    </div>
  );
}

/** What a paged list's footer needs of its infinite query. */
interface PagedQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: (options: { cancelRefetch: boolean }) => Promise<{ hasNextPage: boolean }>;
}

interface LoadMoreProps {
  query: PagedQuery;
  /** How many rows are shown. */
  shown: number;
  /** What the rows are: "users". */
  noun: ListNoun;
  /** The search the list shows, if any. */
  q: string;
}

/**
 * Under a paged list: how many rows are shown (a polite live region, so a screen reader hears what Load more
 * added), the "Load more" button while the server has more (one request per click: it is busy, and ignores
 * clicks, until the page arrived), and a retry when a page failed to load (the rows shown stay).
 */
export function LoadMore({ query, shown, noun, q }: LoadMoreProps) {
  // The texts come from admin-messages (translate); useT renders the footer again on a change of language.
  const t = useT();
  const status = useRef<HTMLParagraphElement>(null);
  const once = useSingleFlight();
  // A second click while a page is on its way does nothing: no second request, and the one in flight is
  // not cancelled (react-query's default would cancel it and ask again).
  const loadMore = once(async () => {
    const result = await query.fetchNextPage({ cancelRefetch: false });
    // The button goes away with the last page: focus moves to the line that says everything is shown.
    if (!result.hasNextPage) status.current?.focus();
  });
  return (
    <div className="admin-list__footer">
      <p ref={status} className="admin-list__status" role="status" tabIndex={-1}>
        {listStatusText(shown, noun, q, query.hasNextPage)}
      </p>
      {query.isFetchNextPageError && (
        <Alert
          type="error"
          showIcon
          title={moreFailedText(noun)}
          action={
            <Button size="small" onClick={() => void loadMore()}>
              {t('Try again')}
            </Button>
          }
        />
      )}
      {query.hasNextPage && !query.isFetchNextPageError && (
        <Button onClick={() => void loadMore()} loading={query.isFetchingNextPage}>
          {t('Load more')}
        </Button>
      )}
    </div>
  );
}
