import type { OrganizationPlan, Workspace } from '@app/contracts';
import { Link } from 'react-router-dom';
import { msg, useT } from '../../../i18n/i18n';
import { Trans } from '../../../i18n/trans';
import { roleLabel } from '../workspace-messages';
import { WorkspaceSection } from './workspace-section';

/** The plans' names: the English of `ORGANIZATION_PLAN_LABELS` (@app/contracts), word for word. */
export const PLAN_NAMES: Readonly<Record<OrganizationPlan, string>> = {
  free: msg('Free'),
  enterprise: msg('Enterprise'),
};

/** The workspace at a glance: who runs it, how many founders, how many programs. */
export function OverviewTab({
  workspace,
  registrationHref,
}: {
  workspace: Workspace;
  registrationHref: string;
}) {
  const t = useT();
  const { counts, organization, myRole } = workspace;
  // `label` is the English id: the test ids are built from it, so they stay the same in every language.
  const figures = [
    { label: msg('Staff members'), value: counts.members },
    { label: msg('Founders'), value: counts.founders },
    { label: msg('Active programs'), value: counts.programs },
    { label: msg('Plan'), value: t(PLAN_NAMES[organization.plan]) },
  ];
  const values = {
    role: myRole,
    roleName: roleLabel(myRole),
    organization: organization.name,
    href: registrationHref,
  };
  const components = { 0: <strong />, 1: <Link to={registrationHref} /> };
  return (
    <WorkspaceSection id="workspace-overview" title={t('Overview')}>
      <dl className="workspace-figures">
        {figures.map((figure) => (
          <div key={figure.label} className="workspace-figures__item">
            <dt>{t(figure.label)}</dt>
            <dd data-testid={`workspace-count-${figure.label.toLowerCase().replace(/\s+/g, '-')}`}>
              {figure.value}
            </dd>
          </div>
        ))}
      </dl>
      <p className="workspace-note">
        {organization.isActive ? (
          <Trans
            id="You are {role, select, orgAdmin {an} other {a}} <0>{roleName}</0> of {organization}. Founders join through the registration page <1>{href}</1>."
            values={values}
            components={components}
          />
        ) : (
          <Trans
            id="You are {role, select, orgAdmin {an} other {a}} <0>{roleName}</0> of {organization}. Founders join through the registration page <1>{href}</1>, which is closed while the organization is inactive."
            values={values}
            components={components}
          />
        )}
      </p>
    </WorkspaceSection>
  );
}
