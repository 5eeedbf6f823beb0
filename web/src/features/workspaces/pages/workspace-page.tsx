import { Alert, Button, Tabs } from 'antd';
import { useEffect, useRef, type ComponentType } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { PageSpinner } from '../../../components/page-spinner';
import { Seo } from '../../../components/seo';
import { useT } from '../../../i18n/i18n';
import { failureText } from '../../../lib/api-client';
import { useWorkspace } from '../api/workspace-queries';
import { AuditTab } from '../components/audit-tab';
import { MembersTab } from '../components/members-tab';
import { OverviewTab } from '../components/overview-tab';
import { ProgramsTab } from '../components/programs-tab';
import { SettingsTab } from '../components/settings-tab';
import { WhiteLabelSection } from '../components/white-label-section';
import { isOutOfScope } from '../workspace-messages';
import '../workspaces.css';

interface WorkspacePageProps {
  /** What founders and outsiders see: the app's "Page Not Found" (the organization does not exist for them). */
  NotFound: ComponentType;
}

/**
 * `/orgs/{slug}` (issue 18): an organization's workspace for its staff, its tabs shown by what the caller's
 * role may do (`orgPermissionsOf`, computed by the server). The server decides every call anyway.
 */
export function WorkspacePage({ NotFound }: WorkspacePageProps) {
  const t = useT();
  const slug = useParams().slug ?? '';
  const workspace = useWorkspace(slug);
  const [search, setSearch] = useSearchParams();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), [workspace.isSuccess]);

  if (workspace.isPending) return <PageSpinner label={t('Loading the workspace')} />;
  if (workspace.isError) {
    if (isOutOfScope(workspace.error)) return <NotFound />;
    return (
      <div className="workspace-page">
        <Alert
          type="error"
          showIcon
          role="alert"
          title={t('The workspace could not be loaded.')}
          description={failureText(workspace.error, t('Please try again.'))}
          action={<Button onClick={() => void workspace.refetch()}>{t('Try again')}</Button>}
        />
      </div>
    );
  }

  const data = workspace.data;
  const { permissions, organization } = data;
  const registrationHref = `/org/${encodeURIComponent(organization.slug)}`;
  const items = [
    {
      key: 'overview',
      label: t('Overview'),
      children: <OverviewTab workspace={data} registrationHref={registrationHref} />,
    },
    ...(permissions.viewPrograms
      ? [{ key: 'programs', label: t('Programs'), children: <ProgramsTab slug={slug} workspace={data} /> }]
      : []),
    ...(permissions.viewMembers
      ? [{ key: 'members', label: t('Members'), children: <MembersTab slug={slug} workspace={data} /> }]
      : []),
    ...(permissions.viewAudit
      ? [{ key: 'audit', label: t('Audit log'), children: <AuditTab slug={slug} /> }]
      : []),
    ...(permissions.editSettings
      ? [
          {
            key: 'settings',
            label: t('Settings'),
            children: (
              <>
                <SettingsTab slug={slug} workspace={data} />
                <WhiteLabelSection slug={slug} workspace={data} />
              </>
            ),
          },
        ]
      : []),
  ];
  // The open tab is in the address (`?tab=members`), so it survives a reload and can be linked to.
  const requested = search.get('tab');
  const active = items.find((item) => item.key === requested)?.key ?? 'overview';

  return (
    <div className="workspace-page">
      <Seo title={t('{organization} workspace', { organization: organization.name })} noindex />
      <header className="workspace-header">
        {organization.logoUrl ? (
          <img className="workspace-header__logo" src={organization.logoUrl} alt="" width={48} height={48} />
        ) : null}
        <div>
          <p className="workspace-header__eyebrow">{t('Workspace')}</p>
          <h1 className="workspace-header__title" ref={headingRef} tabIndex={-1}>
            {organization.name}
          </h1>
        </div>
        {permissions.manageTemplates ? (
          <Link
            className="workspace-header__link"
            to={`/orgs/${encodeURIComponent(organization.slug)}/template`}
          >
            {t('Task template')}
          </Link>
        ) : null}
      </header>
      <Tabs
        activeKey={active}
        onChange={(key) => setSearch(key === 'overview' ? {} : { tab: key }, { replace: true })}
        items={items}
      />
    </div>
  );
}
