import type { ContactMessage } from '@app/contracts';
import { Table, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useT, type Translate } from '../../../i18n/i18n';
import { formatDateTime, listEmptyText } from '../admin-messages';
import { loadedRows, useAdminList } from '../api/admin-queries';
import { AdminSection, TableCaption } from './admin-section';
import { ListSearch, LoadMore } from './paged-list';

const columnsOf = (t: Translate): TableColumnsType<ContactMessage> => [
  { title: t('Received'), dataIndex: 'createdAt', render: (at: string) => formatDateTime(at) },
  { title: t('Name'), dataIndex: 'name' },
  {
    title: t('Email'),
    dataIndex: 'email',
    render: (email: string) => <a href={`mailto:${email}`}>{email}</a>,
  },
  { title: t('Subject'), dataIndex: 'subject' },
  {
    title: t('Form'),
    dataIndex: 'kind',
    render: (kind: ContactMessage['kind']) =>
      kind === 'enterprise' ? <Tag color="blue">{t('Enterprise')}</Tag> : <Tag>{t('Contact')}</Tag>,
  },
];

/** Messages sent through the contact and enterprise forms. */
export function MessagesTab() {
  const t = useT();
  const [q, setQ] = useState('');
  const messages = useAdminList('messages', q);
  const rows = loadedRows(messages.data);
  return (
    <AdminSection
      id="admin-messages"
      title={t('Contact messages')}
      error={messages.data ? null : messages.error}
      onRetry={() => void messages.refetch()}
    >
      <ListSearch
        label={t('Search messages by e-mail or subject')}
        placeholder={t('Search by e-mail or subject')}
        onSearch={setQ}
      />
      <Table<ContactMessage>
        rowKey="id"
        caption={<TableCaption>{t('Contact messages, newest first')}</TableCaption>}
        columns={columnsOf(t)}
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
