import type { ContactMessage } from '@app/contracts';
import { Table, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { formatDateTime, listEmptyText } from '../admin-messages';
import { loadedRows, useAdminList } from '../api/admin-queries';
import { AdminSection, TableCaption } from './admin-section';
import { ListSearch, LoadMore } from './paged-list';

const columns: TableColumnsType<ContactMessage> = [
  { title: 'Received', dataIndex: 'createdAt', render: (at: string) => formatDateTime(at) },
  { title: 'Name', dataIndex: 'name' },
  { title: 'Email', dataIndex: 'email', render: (email: string) => <a href={`mailto:${email}`}>{email}</a> },
  { title: 'Subject', dataIndex: 'subject' },
  {
    title: 'Form',
    dataIndex: 'kind',
    render: (kind: ContactMessage['kind']) =>
      kind === 'enterprise' ? <Tag color="blue">Enterprise</Tag> : <Tag>Contact</Tag>,
  },
];

/** Messages sent through the contact and enterprise forms. */
export function MessagesTab() {
  const [q, setQ] = useState('');
  const messages = useAdminList('messages', q);
  const rows = loadedRows(messages.data);
  return (
    <AdminSection
      id="admin-messages"
      title="Contact messages"
      error={messages.data ? null : messages.error}
      onRetry={() => void messages.refetch()}
    >
      <ListSearch
        label="Search messages by e-mail or subject"
        placeholder="Search by e-mail or subject"
        onSearch={setQ}
      />
      <Table<ContactMessage>
        rowKey="id"
        caption={<TableCaption>Contact messages, newest first</TableCaption>}
        columns={columns}
        dataSource={rows}
        loading={messages.isPending}
        pagination={false}
        locale={{ emptyText: listEmptyText('messages', q) }}
        expandable={{
          expandedRowRender: (message) => <p className="admin-message__body">{message.message}</p>,
        }}
        scroll={{ x: true }}
      />
      {messages.data && <LoadMore query={messages} shown={rows.length} noun="messages" q={q} />}
    </AdminSection>
  );
}
