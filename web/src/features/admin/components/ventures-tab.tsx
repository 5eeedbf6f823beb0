import type { AdminVentureRow } from '@app/contracts';
import { Progress, Table, type TableColumnsType } from 'antd';
import { formatShortDate } from '../admin-messages';
import { useAdminVentures } from '../api/admin-queries';
import { AdminSection, TableCaption } from './admin-section';

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
  const ventures = useAdminVentures();
  return (
    <AdminSection
      id="admin-ventures"
      title="Ventures"
      error={ventures.error}
      onRetry={() => void ventures.refetch()}
    >
      <Table<AdminVentureRow>
        rowKey="id"
        caption={<TableCaption>Ventures</TableCaption>}
        columns={columns}
        dataSource={ventures.data ?? []}
        loading={ventures.isPending}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        locale={{ emptyText: 'No ventures yet' }}
        scroll={{ x: true }}
      />
    </AdminSection>
  );
}
