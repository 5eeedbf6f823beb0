import { DownloadOutlined } from '@ant-design/icons';
import type { OrgAuditEntry } from '@app/contracts';
import { Button, Table, type TableColumnsType } from 'antd';
import { useT, type Translate } from '../../../i18n/i18n';
import { auditCsvHref, useAudit } from '../api/workspace-queries';
import { AUDIT_ACTION_LABELS, describeAuditDetails, formatWhen } from '../workspace-messages';
import { ScrollRegion, TableCaption, WorkspaceSection } from './workspace-section';

const columnsOf = (t: Translate): TableColumnsType<OrgAuditEntry> => [
  { title: t('When'), dataIndex: 'at', render: (at: string) => <time dateTime={at}>{formatWhen(at)}</time> },
  { title: t('Who'), key: 'actor', render: (_value, entry) => entry.actor.displayName },
  {
    title: t('Action'),
    dataIndex: 'action',
    render: (action: OrgAuditEntry['action']) =>
      AUDIT_ACTION_LABELS[action] ? t(AUDIT_ACTION_LABELS[action]) : action,
  },
  { title: t('Target'), dataIndex: 'target' },
  { title: t('Details'), dataIndex: 'details', render: describeAuditDetails },
];

/** Who changed what, and when, newest first, a page at a time; the whole log as CSV. */
export function AuditTab({ slug }: { slug: string }) {
  const t = useT();
  const audit = useAudit(slug);
  const entries = audit.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <WorkspaceSection
      id="workspace-audit"
      title={t('Audit log')}
      error={audit.error}
      onRetry={() => void audit.refetch()}
      actions={
        // A same-origin download: the session cookie goes along, the server names the file.
        <a className="button button--secondary" href={auditCsvHref(slug)} download>
          <DownloadOutlined aria-hidden="true" /> {t('Export CSV')}
        </a>
      }
    >
      <ScrollRegion label={t('Audit log table')}>
        <Table<OrgAuditEntry>
          rowKey="id"
          caption={<TableCaption>{t('Changes in this organization, newest first')}</TableCaption>}
          columns={columnsOf(t)}
          dataSource={entries}
          loading={audit.isPending}
          pagination={false}
          locale={{ emptyText: t('Nothing has been recorded yet') }}
        />
      </ScrollRegion>
      {audit.hasNextPage ? (
        <div className="workspace-more">
          <Button
            onClick={() => void audit.fetchNextPage()}
            loading={audit.isFetchingNextPage}
            disabled={audit.isFetchingNextPage}
          >
            {t('Load more')}
          </Button>
        </div>
      ) : null}
    </WorkspaceSection>
  );
}
