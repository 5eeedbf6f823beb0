import type { AuditEntry } from '@app/contracts';
import { Table, Tag, type TableColumnsType } from 'antd';
import { useMemo } from 'react';
import { msg, useT, type Translate } from '../../../i18n/i18n';
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

/** Each outcome's name (the English is the value itself, as the log has always shown it). */
const OUTCOME_NAMES: Record<AuditEntry['outcome'], string> = {
  succeeded: msg('succeeded'),
  failed: msg('failed'),
  pending: msg('pending'),
};

function describeDetails(details: Record<string, unknown>): string {
  return Object.entries(details)
    .map(([key, value]) => `${key}: ${String(value)}`)
    .join(', ');
}

const columnsFor = (names: AuditNames, t: Translate): TableColumnsType<AuditEntry> => [
  { title: t('When'), dataIndex: 'at', render: (at: string) => formatDateTime(at) },
  { title: t('Who'), dataIndex: 'actorUsername' },
  { title: t('Action'), dataIndex: 'action', render: (action: string) => <code>{action}</code> },
  {
    title: t('Target'),
    key: 'target',
    render: (_value, entry) => auditTargetLabel(entry, names),
  },
  {
    title: t('Details'),
    dataIndex: 'details',
    render: (details: Record<string, unknown>) => describeDetails(details),
  },
  {
    title: t('Outcome'),
    dataIndex: 'outcome',
    render: (outcome: AuditEntry['outcome'], entry) => (
      <Tag color={OUTCOME_COLORS[outcome].tag} style={{ color: OUTCOME_COLORS[outcome].text }}>
        {OUTCOME_NAMES[outcome] ? t(OUTCOME_NAMES[outcome]) : outcome}
        {entry.errorCode ? ` (${entry.errorCode})` : ''}
      </Tag>
    ),
  },
];

/** Who did what, and when: the admin service's audit log, newest first. */
export function AuditTab() {
  const t = useT();
  const audit = useAdminAudit();
  // Issue 20: targets by name where the dashboard knows them (the pages of the lists it loaded), else by id.
  const users = useAdminList('users');
  const organizations = useAdminList('organizations');
  const templates = useAdminTemplates();
  const columns = useMemo(
    () =>
      columnsFor(
        {
          user: new Map(loadedRows(users.data).map((user) => [user.id, user.username])),
          organization: new Map(loadedRows(organizations.data).map((org) => [org.id, org.name])),
          'task-template': new Map(
            (templates.data ?? []).map((template) => [String(template.id), template.title]),
          ),
        },
        t,
      ),
    [users.data, organizations.data, templates.data, t],
  );
  return (
    <AdminSection
      id="admin-audit"
      title={t('Audit log')}
      error={audit.error}
      onRetry={() => void audit.refetch()}
    >
      <Table<AuditEntry>
        rowKey="id"
        caption={<TableCaption>{t('Administrator actions, newest first')}</TableCaption>}
        columns={columns}
        dataSource={audit.data ?? []}
        loading={audit.isPending}
        pagination={{ pageSize: 25, hideOnSinglePage: true }}
        locale={{ emptyText: t('No administrator actions yet') }}
        scroll={{ x: true }}
      />
    </AdminSection>
  );
}
