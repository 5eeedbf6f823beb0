import { Progress, Tag } from 'antd';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { PageSpinner } from '../../../components/page-spinner';
import { Seo } from '../../../components/seo';
import { paths } from '../../../config/paths';
import { riskReasonsLine } from '../../../entities/program/risk-reason-label';
import { useT } from '../../../i18n/i18n';
import { failureText } from '../../../lib/api-client';
import { useMentoredVentures } from '../api/cohort-queries';
import '../cohorts.css';

/** `/mentoring` (issue 18): the ventures assigned to the signed-in mentor, with progress and risk. */
export function MentoringPage() {
  const t = useT();
  const ventures = useMentoredVentures();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <div className="mentoring-page">
      <Seo title={t('My ventures as a mentor')} noindex />
      <h1 ref={headingRef} tabIndex={-1}>
        {t('My ventures')}
      </h1>
      <p className="mentoring-page__intro">{t('The ventures your programs assigned to you as a mentor.')}</p>
      {ventures.isPending ? (
        <PageSpinner label={t('Loading your ventures')} />
      ) : ventures.isError ? (
        <p role="alert">{failureText(ventures.error, t('Your ventures could not be loaded.'))}</p>
      ) : ventures.data.length === 0 ? (
        <p className="mentoring-page__empty">{t('No venture is assigned to you yet.')}</p>
      ) : (
        <ul className="mentoring-page__list" aria-label={t('Ventures you mentor')}>
          {ventures.data.map((venture) => (
            <li key={venture.id} className="mentoring-card" data-testid="mentored-venture">
              <h2 className="mentoring-card__name">
                <Link to={paths.venture.getHref(venture.id)}>{venture.name}</Link>
              </h2>
              <p className="mentoring-card__program">
                {venture.programName} · {venture.organizationName}
                {venture.visibility === 'progress' ? ` · ${t('progress only')}` : ''}
              </p>
              <Progress
                percent={venture.progress.percentage}
                size="small"
                aria-label={t('{venture} progress', { venture: venture.name })}
              />
              {venture.atRisk ? (
                <p>
                  <Tag color="red">{t('At risk')}</Tag> {riskReasonsLine(venture.riskReasons)}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
