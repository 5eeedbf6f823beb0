import { ReloadOutlined } from '@ant-design/icons';
import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { Button, Tabs } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { Seo } from '../../../components/seo';
import { useT } from '../../../i18n/i18n';
import { useSessionUser } from '../../../entities/session-user/get-session-user';
import { allAdminQueries } from '../api/admin-queries';
import { AuditTab } from '../components/audit-tab';
import { MessagesTab } from '../components/messages-tab';
import { OrganizationsTab } from '../components/organizations-tab';
import { RequireAdmin } from '../components/require-admin';
import { StatsOverview } from '../components/stats-overview';
import { TemplatesTab } from '../components/templates-tab';
import { UsersTab } from '../components/users-tab';
import { VenturesTab } from '../components/ventures-tab';
import '../admin.css';

const TABS = ['users', 'ventures', 'templates', 'organizations', 'messages', 'audit'] as const;
type TabKey = (typeof TABS)[number];

function isTabKey(value: string | null): value is TabKey {
  return (TABS as readonly (string | null)[]).includes(value);
}

/** /admin (spec §2 "Admin dashboard"): statistics and the Users, Ventures, Templates and Organizations tabs. */
export function AdminDashboardPage() {
  return (
    <RequireAdmin>
      <AdminDashboard />
    </RequireAdmin>
  );
}

function AdminDashboard() {
  const t = useT();
  const queryClient = useQueryClient();
  const session = useSessionUser();
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const activeTab: TabKey = isTabKey(requested) ? requested : 'users';
  const refreshing = useIsFetching(allAdminQueries) > 0;

  const items = [
    { key: 'users', label: t('Users'), children: <UsersTab currentUserId={session.data?.id ?? ''} /> },
    { key: 'ventures', label: t('Ventures'), children: <VenturesTab /> },
    { key: 'templates', label: t('Templates'), children: <TemplatesTab /> },
    { key: 'organizations', label: t('Organizations'), children: <OrganizationsTab /> },
    { key: 'messages', label: t('Messages'), children: <MessagesTab /> },
    { key: 'audit', label: t('Audit log'), children: <AuditTab /> },
  ];

  return (
    <div className="admin-page">
      <Seo title={t('Admin dashboard')} noindex />
      <div className="admin-page__header">
        <h1 className="admin-page__title">{t('Admin Dashboard')}</h1>
        <Button
          icon={<ReloadOutlined />}
          loading={refreshing}
          onClick={() => void queryClient.invalidateQueries(allAdminQueries)}
        >
          {t('Refresh Data')}
        </Button>
      </div>
      <StatsOverview />
      <Tabs
        activeKey={activeTab}
        onChange={(key) => setSearchParams(key === 'users' ? {} : { tab: key }, { replace: true })}
        items={items}
        destroyOnHidden
      />
    </div>
  );
}
