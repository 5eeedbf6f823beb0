import type { AuditEntry } from '@app/contracts';
import { Table, Tag, type TableColumnsType } from 'antd';
import { formatDateTime } from '../admin-messages';
import { useAdminAudit } from '../api/admin-queries';
import { AdminSection, TableCaption } from './admin-section';

const OUTCOME_COLORS: Record<AuditEntry['outcome'], string> = {
  succeeded: 'green',
  failed: 'red',
  pending: 'gold',
};

function describeDetails(details: Record<string, unknown>): string {
  return Object.entries(details)
    .map(([key, value]) => `${key}: ${String(value)}`)
    .join(', ');
}

const columns: TableColumnsType<AuditEntry> = [
  { title: 'When', dataIndex: 'at', render: (at: string) => formatDateTime(at) },
  { title: 'Who', dataIndex: 'actorUsername' },
  { title: 'Action', dataIndex: 'action', render: (action: string) => <code>{action}</code> },
  {
    title: 'Target',
    key: 'target',
    render: (_value, entry) => `${entry.targetType}${entry.targetId ? ` ${entry.targetId}` : ''}`,
  },
  {
    title: 'Details',
    dataIndex: 'details',
    render: (details: Record<string, unknown>) => describeDetails(details),
  },
  {
    title: 'Outcome',
    dataIndex: 'outcome',
    render: (outcome: AuditEntry['outcome'], entry) => (
      <Tag color={OUTCOME_COLORS[outcome]}>
        {outcome}
        {entry.errorCode ? ` (${entry.errorCode})` : ''}
      </Tag>
    ),
  },
];

/** Who did what, and when: the admin service's audit log, newest first. */
export function AuditTab() {
  const audit = useAdminAudit();
  return (
    <AdminSection id="admin-audit" title="Audit log" error={audit.error} onRetry={() => void audit.refetch()}>
      <Table<AuditEntry>
        rowKey="id"
        caption={<TableCaption>Administrator actions, newest first</TableCaption>}
        columns={columns}
        dataSource={audit.data ?? []}
        loading={audit.isPending}
        pagination={{ pageSize: 25, hideOnSinglePage: true }}
        locale={{ emptyText: 'No administrator actions yet' }}
        scroll={{ x: true }}
      />
    </AdminSection>
  );
}
