import type { AdminVentureRow } from '@app/contracts';
import { Progress, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { formatShortDate, listEmptyText } from '../admin-messages';
import { loadedRows, useAdminList } from '../api/admin-queries';
import { AdminSection, TableCaption } from './admin-section';
import { ListSearch, LoadMore } from './paged-list';

const columns: TableColumnsType<AdminVentureRow> = [
  { title: 'Name', dataIndex: 'name' },
  {
    title: 'Owner',
    dataIndex: 'ownerUsername',
    render: (owner: string | null | undefined, v) => owner ?? v.userId,
  },
  // Issue 16: owners, editors and viewers.
  { title: 'Members', dataIndex: 'memberCount' },
  { title: 'Description', dataIndex: 'blurb', render: (blurb: string | null | undefined) => blurb ?? '' },
  {
    title: 'Tasks',
    key: 'tasks',
    render: (_value, venture) =>
      venture.taskCount === undefined ? '' : `${venture.completedTaskCount ?? 0}/${venture.taskCount}`,
  },
  {
    title: 'Completion',
    dataIndex: 'completionPercentage',
    render: (percent: number, venture) => (
      <Progress
        percent={percent}
        size="small"
        aria-label={`${venture.name}: ${percent}% complete`}
        style={{ minWidth: 120 }}
      />
    ),
  },
  { title: 'Created', dataIndex: 'createdAt', render: (createdAt: string) => formatShortDate(createdAt) },
];

export function VenturesTab() {
  const [q, setQ] = useState('');
  const ventures = useAdminList('ventures', q);
  const rows = loadedRows(ventures.data);
  return (
    <AdminSection
      id="admin-ventures"
      title="Ventures"
      error={ventures.data ? null : ventures.error}
      onRetry={() => void ventures.refetch()}
    >
      <ListSearch label="Search ventures by name" placeholder="Search by name" onSearch={setQ} />
      <Table<AdminVentureRow>
        rowKey="id"
        caption={<TableCaption>Ventures, newest first</TableCaption>}
        columns={columns}
        dataSource={rows}
        loading={ventures.isPending}
        pagination={false}
        locale={{ emptyText: listEmptyText('ventures', q) }}
        scroll={{ x: true }}
      />
      {ventures.data && <LoadMore query={ventures} shown={rows.length} noun="ventures" q={q} />}
    </AdminSection>
  );
}
