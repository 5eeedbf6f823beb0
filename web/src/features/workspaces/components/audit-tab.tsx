import { DownloadOutlined } from '@ant-design/icons';
import type { OrgAuditEntry } from '@app/contracts';
import { Button, Table, type TableColumnsType } from 'antd';
import { auditCsvHref, useAudit } from '../api/workspace-queries';
import { AUDIT_ACTION_LABELS, describeAuditDetails, formatWhen } from '../workspace-messages';
import { ScrollRegion, TableCaption, WorkspaceSection } from './workspace-section';

const columns: TableColumnsType<OrgAuditEntry> = [
  { title: 'When', dataIndex: 'at', render: (at: string) => <time dateTime={at}>{formatWhen(at)}</time> },
  { title: 'Who', key: 'actor', render: (_value, entry) => entry.actor.displayName },
  {
    title: 'Action',
    dataIndex: 'action',
    render: (action: OrgAuditEntry['action']) => AUDIT_ACTION_LABELS[action],
  },
  { title: 'Target', dataIndex: 'target' },
  { title: 'Details', dataIndex: 'details', render: describeAuditDetails },
];

/** Who changed what, and when, newest first, a page at a time; the whole log as CSV. */
export function AuditTab({ slug }: { slug: string }) {
  const audit = useAudit(slug);
  const entries = audit.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <WorkspaceSection
      id="workspace-audit"
      title="Audit log"
      error={audit.error}
      onRetry={() => void audit.refetch()}
      actions={
        // A same-origin download: the session cookie goes along, the server names the file.
        <a className="button button--secondary" href={auditCsvHref(slug)} download>
          <DownloadOutlined aria-hidden="true" /> Export CSV
        </a>
      }
    >
      <ScrollRegion label="Audit log table">
        <Table<OrgAuditEntry>
          rowKey="id"
          caption={<TableCaption>Changes in this organization, newest first</TableCaption>}
          columns={columns}
          dataSource={entries}
          loading={audit.isPending}
          pagination={false}
          locale={{ emptyText: 'Nothing has been recorded yet' }}
        />
      </ScrollRegion>
      {audit.hasNextPage ? (
        <div className="workspace-more">
          <Button
            onClick={() => void audit.fetchNextPage()}
            loading={audit.isFetchingNextPage}
            disabled={audit.isFetchingNextPage}
          >
            Load more
          </Button>
        </div>
      ) : null}
    </WorkspaceSection>
  );
}
