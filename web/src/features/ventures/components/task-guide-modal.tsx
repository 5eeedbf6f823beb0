import { BulbOutlined, ExportOutlined } from '@ant-design/icons';
import type { GuideEffort, GuideJurisdiction, GuideStage, TaskGuide } from '@app/contracts';
import { Button, Modal } from 'antd';
import { useId } from 'react';
import { currentLocale, msg, translate, useT } from '../../../i18n/i18n';

const JURISDICTION_NAMES: Readonly<Record<GuideJurisdiction, string>> = {
  US: msg('United States'),
  UK: msg('United Kingdom'),
  EU: msg('European Union'),
};

const STAGE_LABELS: Readonly<Record<GuideStage, string>> = {
  idea: msg('Idea'),
  building: msg('Building'),
  launched: msg('Launched'),
};

function effortText({ value, unit }: GuideEffort): string {
  return unit === 'hours'
    ? translate('About {value, plural, one {# hour} other {# hours}}', { value })
    : translate('About {value, plural, one {# day} other {# days}}', { value });
}

/** 'YYYY-MM-DD' as "November 25, 2026" ("25 de noviembre de 2026"; a calendar date: no time zone shifts it). */
function reviewedText(date: string): string {
  return new Intl.DateTimeFormat(currentLocale(), { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}

/**
 * A task's built-in guide: effort and stage, why it matters, practices, a pro tip, and (issue 21) where the
 * law differs by jurisdiction, templates and worked examples, the primary sources and the review date. The
 * modal's and the task drawer's body.
 */
export function TaskGuideContent({ guide }: { guide: TaskGuide & { localResources?: string } }) {
  const t = useT();
  const id = useId();
  const jurisdictions = Object.entries(guide.jurisdictions ?? {}).filter(
    (entry): entry is [GuideJurisdiction, string] => Boolean(entry[1]),
  );
  return (
    <div className="task-guide" data-testid="task-guide">
      <p className="task-guide__category">{t(guide.category)}</p>
      {guide.effort || guide.stage ? (
        <dl className="task-guide__facts">
          {guide.effort ? (
            <div>
              <dt>{t('Effort')}</dt>
              <dd>{effortText(guide.effort)}</dd>
            </div>
          ) : null}
          {guide.stage ? (
            <div>
              <dt>{t('Stage')}</dt>
              <dd>{t(STAGE_LABELS[guide.stage])}</dd>
            </div>
          ) : null}
        </dl>
      ) : null}
      <section className="task-guide__section" aria-labelledby={`${id}-why`}>
        <h3 id={`${id}-why`}>{t('Why it matters')}</h3>
        <p>{guide.why}</p>
      </section>
      <section className="task-guide__section" aria-labelledby={`${id}-practices`}>
        <h3 id={`${id}-practices`}>{t('Best practices')}</h3>
        <ol className="task-guide__practices">
          {guide.practices.map((practice) => (
            <li key={practice}>{practice}</li>
          ))}
        </ol>
      </section>
      {guide.proTip ? (
        <section className="task-guide__section task-guide__tip" aria-labelledby={`${id}-tip`}>
          <h3 id={`${id}-tip`}>
            <BulbOutlined aria-hidden="true" /> {t('Pro tip')}
          </h3>
          <p>{guide.proTip}</p>
        </section>
      ) : null}
      {guide.localResources ? (
        <section className="task-guide__section task-guide__local" aria-labelledby={`${id}-local`}>
          <h3 id={`${id}-local`}>{t('From your program')}</h3>
          <p className="task-guide__local-text">{guide.localResources}</p>
        </section>
      ) : null}
      {jurisdictions.length > 0 ? (
        <section className="task-guide__section" aria-labelledby={`${id}-law`}>
          <h3 id={`${id}-law`}>{t('Where the law differs')}</h3>
          <dl className="task-guide__jurisdictions">
            {jurisdictions.map(([code, note]) => (
              <div key={code} data-testid="guide-jurisdiction">
                <dt>
                  <abbr title={t(JURISDICTION_NAMES[code])}>{code}</abbr> {t(JURISDICTION_NAMES[code])}
                </dt>
                <dd>{note}</dd>
              </div>
            ))}
          </dl>
        </section>
      ) : null}
      {guide.templates && guide.templates.length > 0 ? (
        <section className="task-guide__section" aria-labelledby={`${id}-templates`}>
          <h3 id={`${id}-templates`}>{t('Templates and examples')}</h3>
          {guide.templates.map((template) => (
            <figure key={template.title} className="task-guide__template">
              <figcaption>{template.title}</figcaption>
              <pre>{template.body}</pre>
            </figure>
          ))}
        </section>
      ) : null}
      {guide.sources && guide.sources.length > 0 ? (
        <section className="task-guide__section" aria-labelledby={`${id}-sources`}>
          <h3 id={`${id}-sources`}>{t('Sources')}</h3>
          <ul className="task-guide__sources">
            {guide.sources.map((source) => (
              <li key={source.url}>
                <a href={source.url} target="_blank" rel="noopener noreferrer">
                  {source.title}
                  <ExportOutlined aria-hidden="true" className="task-guide__external" />
                  <span className="visually-hidden"> {t('(opens in a new tab)')}</span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {guide.reviewedAt ? (
        <p className="task-guide__reviewed" data-testid="guide-reviewed">
          {t('Reviewed {date}', { date: reviewedText(guide.reviewedAt) })}
        </p>
      ) : null}
    </div>
  );
}

interface TaskGuideModalProps {
  guide: TaskGuide | null;
  onClose: () => void;
}

/** A task's built-in guide (spec §2 "Venture Roadmap"): why it matters, practices and a pro tip. */
export function TaskGuideModal({ guide, onClose }: TaskGuideModalProps) {
  const t = useT();
  return (
    <Modal
      open={guide !== null}
      onCancel={onClose}
      title={guide?.title}
      width={640}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('Close')}
        </Button>
      }
      destroyOnHidden
    >
      {guide ? <TaskGuideContent guide={guide} /> : null}
    </Modal>
  );
}
