import type { AdminVentureRow } from '@app/contracts';
import { Progress, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useT, type Translate } from '../../../i18n/i18n';
import { formatShortDate, listEmptyText } from '../admin-messages';
import { loadedRows, useAdminList } from '../api/admin-queries';
import { AdminSection, TableCaption } from './admin-section';
import { ListSearch, LoadMore } from './paged-list';

const columnsOf = (t: Translate): TableColumnsType<AdminVentureRow> => [
  { title: t('Name'), dataIndex: 'name' },
  {
    title: t('Owner'),
    dataIndex: 'ownerUsername',
    render: (owner: string | null | undefined, v) => owner ?? v.userId,
  },
  // Issue 16: owners, editors and viewers.
  { title: t('Members'), dataIndex: 'memberCount' },
  {
    title: t('Description'),
    dataIndex: 'blurb',
    render: (blurb: string | null | undefined) => blurb ?? '',
  },
  {
    title: t('Tasks'),
    key: 'tasks',
    render: (_value, venture) =>
      venture.taskCount === undefined ? '' : `${venture.completedTaskCount ?? 0}/${venture.taskCount}`,
  },
  {
    title: t('Completion'),
    dataIndex: 'completionPercentage',
    render: (percent: number, venture) => (
      <Progress
        percent={percent}
        size="small"
        aria-label={t('{venture}: {percent}% complete', { venture: venture.name, percent })}
        style={{ minWidth: 120 }}
      />
    ),
  },
  { title: t('Created'), dataIndex: 'createdAt', render: (createdAt: string) => formatShortDate(createdAt) },
];

export function VenturesTab() {
  const t = useT();
  const [q, setQ] = useState('');
  const ventures = useAdminList('ventures', q);
  const rows = loadedRows(ventures.data);
  return (
    <AdminSection
      id="admin-ventures"
      title={t('Ventures')}
      error={ventures.data ? null : ventures.error}
      onRetry={() => void ventures.refetch()}
    >
      <ListSearch label={t('Search ventures by name')} placeholder={t('Search by name')} onSearch={setQ} />
      <Table<AdminVentureRow>
        rowKey="id"
        caption={<TableCaption>{t('Ventures, newest first')}</TableCaption>}
        columns={columnsOf(t)}
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
