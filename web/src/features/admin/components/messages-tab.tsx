import type { ContactMessage } from '@app/contracts';
import { Table, Tag, type TableColumnsType } from 'antd';
import { formatDateTime } from '../admin-messages';
import { useAdminContactMessages } from '../api/admin-queries';
import { AdminSection, TableCaption } from './admin-section';

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
  const messages = useAdminContactMessages();
  return (
    <AdminSection
      id="admin-messages"
      title="Contact messages"
      error={messages.error}
      onRetry={() => void messages.refetch()}
    >
      <Table<ContactMessage>
        rowKey="id"
        caption={<TableCaption>Contact messages, newest first</TableCaption>}
        columns={columns}
        dataSource={messages.data ?? []}
        loading={messages.isPending}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        locale={{ emptyText: 'No messages yet' }}
        expandable={{
          expandedRowRender: (message) => <p className="admin-message__body">{message.message}</p>,
        }}
        scroll={{ x: true }}
      />
    </AdminSection>
  );
}
