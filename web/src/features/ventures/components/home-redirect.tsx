import { Button, Result } from 'antd';
import { Navigate } from 'react-router-dom';
import { PageSpinner } from '../../../components/page-spinner';
import { Seo } from '../../../components/seo';
import { paths } from '../../../config/paths';
import { useT } from '../../../i18n/i18n';
import { useVentures } from '../api/get-ventures';

/**
 * Signed in at `/` (spec §2 "Home redirect"): a spinner until the venture list has loaded,
 * then the first venture, or venture creation when there is none.
 */
export function HomeRedirect() {
  const t = useT();
  // The redirect always decides on a fresh list: a venture created since the list was
  // cached must not send the user to venture creation again.
  const ventures = useVentures({ refetchOnMount: 'always' });

  if (ventures.isPending || (ventures.isFetching && !ventures.isError))
    return <PageSpinner label={t('Loading your ventures')} />;

  if (ventures.isError) {
    // The spec only describes the success path; a failed list must not be mistaken for
    // "no ventures", so the user can retry instead of landing on venture creation.
    return (
      <>
        <Seo noindex />
        <Result
          status="warning"
          title={t("We couldn't load your ventures")}
          subTitle={t(ventures.error.message)}
          extra={
            <Button type="primary" onClick={() => void ventures.refetch()} loading={ventures.isFetching}>
              {t('Try again')}
            </Button>
          }
        />
      </>
    );
  }

  const [first] = ventures.data;
  const target = first === undefined ? paths.newVenture.getHref() : paths.venture.getHref(first.id);
  return <Navigate to={target} replace />;
}
