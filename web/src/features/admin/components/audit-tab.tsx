import type { AuditEntry } from '@app/contracts';
import { Table, Tag, type TableColumnsType } from 'antd';
import { useMemo } from 'react';
import { formatDateTime } from '../admin-messages';
import { auditTargetLabel, type AuditNames } from '../audit-target';
import { loadedRows, useAdminAudit, useAdminList, useAdminTemplates } from '../api/admin-queries';
import { TAG_TEXT_COLORS } from './active-tag';
import { AdminSection, TableCaption } from './admin-section';

/** Each outcome's tag colour, and its text colour where antd's is below AA contrast. */
const OUTCOME_COLORS: Record<AuditEntry['outcome'], { tag: string; text?: string }> = {
  succeeded: { tag: 'green', text: TAG_TEXT_COLORS.green },
  failed: { tag: 'red' },
  pending: { tag: 'gold', text: TAG_TEXT_COLORS.gold },
};

function describeDetails(details: Record<string, unknown>): string {
  return Object.entries(details)
    .map(([key, value]) => `${key}: ${String(value)}`)
    .join(', ');
}

const columnsFor = (names: AuditNames): TableColumnsType<AuditEntry> => [
  { title: 'When', dataIndex: 'at', render: (at: string) => formatDateTime(at) },
  { title: 'Who', dataIndex: 'actorUsername' },
  { title: 'Action', dataIndex: 'action', render: (action: string) => <code>{action}</code> },
  {
    title: 'Target',
    key: 'target',
    render: (_value, entry) => auditTargetLabel(entry, names),
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
      <Tag color={OUTCOME_COLORS[outcome].tag} style={{ color: OUTCOME_COLORS[outcome].text }}>
        {outcome}
        {entry.errorCode ? ` (${entry.errorCode})` : ''}
      </Tag>
    ),
  },
];

/** Who did what, and when: the admin service's audit log, newest first. */
export function AuditTab() {
  const audit = useAdminAudit();
  // Issue 20: targets by name where the dashboard knows them (the pages of the lists it loaded), else by id.
  const users = useAdminList('users');
  const organizations = useAdminList('organizations');
  const templates = useAdminTemplates();
  const columns = useMemo(
    () =>
      columnsFor({
        user: new Map(loadedRows(users.data).map((user) => [user.id, user.username])),
        organization: new Map(loadedRows(organizations.data).map((org) => [org.id, org.name])),
        'task-template': new Map(
          (templates.data ?? []).map((template) => [String(template.id), template.title]),
        ),
      }),
    [users.data, organizations.data, templates.data],
  );
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
