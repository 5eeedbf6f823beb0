import { ORGANIZATION_PLAN_LABELS, type Workspace } from '@app/contracts';
import { Link } from 'react-router-dom';
import { roleLabel } from '../workspace-messages';
import { WorkspaceSection } from './workspace-section';

/** The workspace at a glance: who runs it, how many founders, how many programs. */
export function OverviewTab({
  workspace,
  registrationHref,
}: {
  workspace: Workspace;
  registrationHref: string;
}) {
  const { counts, organization, myRole } = workspace;
  const figures = [
    { label: 'Staff members', value: counts.members },
    { label: 'Founders', value: counts.founders },
    { label: 'Active programs', value: counts.programs },
    { label: 'Plan', value: ORGANIZATION_PLAN_LABELS[organization.plan] },
  ];
  return (
    <WorkspaceSection id="workspace-overview" title="Overview">
      <dl className="workspace-figures">
        {figures.map((figure) => (
          <div key={figure.label} className="workspace-figures__item">
            <dt>{figure.label}</dt>
            <dd data-testid={`workspace-count-${figure.label.toLowerCase().replace(/\s+/g, '-')}`}>
              {figure.value}
            </dd>
          </div>
        ))}
      </dl>
      <p className="workspace-note">
        You are {myRole === 'orgAdmin' ? 'an' : 'a'} <strong>{roleLabel(myRole)}</strong> of{' '}
        {organization.name}. Founders join through the registration page{' '}
        <Link to={registrationHref}>{registrationHref}</Link>
        {organization.isActive ? '.' : ', which is closed while the organization is inactive.'}
      </p>
    </WorkspaceSection>
  );
}
