import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { useParams } from 'react-router-dom';
import { PageSpinner } from '../../../components/page-spinner';
import { useT } from '../../../i18n/i18n';
import { ventureQueryOptions } from '../api/get-venture';

/**
 * What `/ventures/:id` shows while the roadmap's code loads (issue 22): the venture's name and description as
 * soon as the venture has arrived (its request starts with the session: the route's `prefetch`), in the
 * roadmap header's own markup and place, then the spinner. The page's largest text no longer waits for antd
 * and the page's chunks, and the header does not move when the page replaces it. Plain markup, its CSS in
 * global.css: it ships with the app's entry. It reads the cache without `useQuery`, which the entry (the
 * landing page's JavaScript budget) does not otherwise carry.
 */
export function RoadmapPlaceholder() {
  const t = useT();
  const { id = '' } = useParams();
  const queryClient = useQueryClient();
  const { queryKey } = ventureQueryOptions(id);
  const subscribe = useCallback(
    (onChange: () => void) => queryClient.getQueryCache().subscribe(onChange),
    [queryClient],
  );
  const read = () => queryClient.getQueryData(queryKey);
  const venture = useSyncExternalStore(subscribe, read, read);
  const spinner = <PageSpinner label={t('Loading your roadmap')} />;
  if (!venture) return spinner;
  return (
    <div className="roadmap" aria-busy="true">
      <header className="roadmap-header">
        <div>
          <p className="roadmap-header__eyebrow">{t('Venture roadmap')}</p>
          <h1 className="roadmap-header__title">{venture.name}</h1>
          {venture.blurb ? <p className="roadmap-header__blurb">{venture.blurb}</p> : null}
        </div>
      </header>
      {spinner}
    </div>
  );
}
