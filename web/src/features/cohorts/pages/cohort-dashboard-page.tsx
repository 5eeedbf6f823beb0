import { DownloadOutlined } from '@ant-design/icons';
import { Button, Result, Segmented } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { PageSpinner } from '../../../components/page-spinner';
import { Seo } from '../../../components/seo';
import { paths } from '../../../config/paths';
import { useT } from '../../../i18n/i18n';
import { failureText, isApiError } from '../../../lib/api-client';
import { useNotify } from '../../../lib/notify';
import { useSetMentors } from '../api/cohort-mutations';
import { cohortCsvHref, useCohortDashboard } from '../api/cohort-queries';
import { CohortHeatmap, HeatmapLegend } from '../components/cohort-heatmap';
import { MedianTrend } from '../components/median-trend';
import { sortRows, type RowOrder } from '../cohort-view';
import '../cohorts.css';

/**
 * `/programs/:id` (issue 18): a program's cohort dashboard for its org admins and program managers: the
 * heatmap, risk, the weekly median trend, the CSV export and mentor assignment. A program outside the
 * caller's scope does not exist for them (404), as the API says.
 */
export function CohortDashboardPage() {
  const t = useT();
  const { id = '' } = useParams();
  const dashboard = useCohortDashboard(id);
  const setMentors = useSetMentors(id);
  const notify = useNotify();
  const [order, setOrder] = useState<RowOrder>('risk');
  const [saving, setSaving] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const loaded = dashboard.isSuccess;
  useEffect(() => {
    if (loaded) headingRef.current?.focus();
  }, [loaded]);
  const rows = useMemo(
    () => (dashboard.data ? sortRows(dashboard.data.rows, order) : []),
    [dashboard.data, order],
  );

  if (dashboard.isPending) return <PageSpinner label={t('Loading the cohort')} />;
  if (dashboard.isError) {
    const forbidden = isApiError(dashboard.error) && dashboard.error.status === 403;
    const title = forbidden ? t('You cannot open this dashboard') : t('Program not found');
    return (
      <div className="page-message">
        <Seo title={title} noindex />
        <Result
          status={forbidden ? '403' : '404'}
          title={<h1 className="page-message__title">{title}</h1>}
          subTitle={failureText(dashboard.error, t('The program does not exist or is not yours to see.'))}
          extra={
            <Link to={paths.home.getHref()} className="button button--primary">
              {t('Go to my ventures')}
            </Link>
          }
        />
      </div>
    );
  }

  const data = dashboard.data;
  const atRisk = data.rows.filter((row) => row.atRisk).length;
  const changeMentors = async (ventureId: string, mentorIds: string[]) => {
    setSaving(ventureId);
    try {
      await setMentors.mutateAsync({ ventureId, mentorIds });
      notify.success({ title: t('Mentors saved') });
    } catch (error) {
      notify.error({
        title: t('The mentors could not be saved'),
        description: failureText(error, t('Please try again.')),
      });
    } finally {
      setSaving(null);
    }
  };

  return (
    <div className="cohort-page">
      <Seo title={t('{program}: cohort', { program: data.program.name })} noindex />
      <header className="cohort-page__header">
        <p className="cohort-page__eyebrow">{data.program.organizationName}</p>
        <h1 ref={headingRef} tabIndex={-1}>
          {data.program.name}
        </h1>
        <p className="cohort-page__dates">
          {data.program.startDate} – {data.program.endDate} ·{' '}
          {t('{count} {count, plural, one {venture} other {ventures}}', { count: data.rows.length })} ·{' '}
          {t('{count} at risk', { count: atRisk })}
        </p>
      </header>
      <div className="cohort-page__toolbar">
        <div className="cohort-page__sort">
          <span id="cohort-sort-label">{t('Sort by')}</span>
          <Segmented
            aria-labelledby="cohort-sort-label"
            value={order}
            onChange={(value) => setOrder(value as RowOrder)}
            options={[
              { label: t('Risk'), value: 'risk' },
              { label: t('Progress'), value: 'progress' },
              { label: t('Name'), value: 'name' },
            ]}
          />
        </div>
        {data.canExport ? (
          <Button
            icon={<DownloadOutlined aria-hidden="true" />}
            href={cohortCsvHref(data.program.id)}
            download
          >
            {t('Export CSV')}
          </Button>
        ) : null}
      </div>
      <HeatmapLegend />
      {data.rows.length === 0 ? (
        <p className="cohort-page__empty">{t('No founder has enrolled a venture in this program yet.')}</p>
      ) : (
        <CohortHeatmap
          dashboard={data}
          rows={rows}
          onMentorsChange={changeMentors}
          savingVentureId={saving}
        />
      )}
      <MedianTrend trend={data.trend} median={data.medianProgress} />
    </div>
  );
}
