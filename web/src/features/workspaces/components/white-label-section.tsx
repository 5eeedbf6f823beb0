import { WHITE_LABEL_FIELDS, type Workspace } from '@app/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { WhiteLabelForm, whiteLabelValuesOf } from '../../../components/white-label/white-label-form';
import { memberBrandKeys } from '../../../entities/member-brand/get-member-brand';
import { useT } from '../../../i18n/i18n';
import { failureText } from '../../../lib/api-client';
import { useNotify } from '../../../lib/notify';
import { useUpdateSettings } from '../api/workspace-mutations';
import { fieldErrorsOf } from '../workspace-messages';
import { WorkspaceSection } from './workspace-section';

/**
 * Issue 19: the white label in its own section of the Settings tab, saved with the same settings call
 * (audited field by field as `settings.updated`).
 */
export function WhiteLabelSection({ slug, workspace }: { slug: string; workspace: Workspace }) {
  const t = useT();
  const update = useUpdateSettings(slug);
  const queryClient = useQueryClient();
  const notify = useNotify();
  return (
    <WorkspaceSection id="workspace-white-label" title={t('White label')}>
      <WhiteLabelForm
        name="workspace-white-label"
        initial={whiteLabelValuesOf(workspace.organization)}
        saving={update.isPending}
        onUnchanged={() =>
          notify.info({ title: t('Nothing to save'), description: t('The white label is unchanged.') })
        }
        onSave={async (changes) => {
          try {
            await update.mutateAsync(changes);
          } catch (error) {
            return {
              ok: false,
              fieldErrors: fieldErrorsOf(error, WHITE_LABEL_FIELDS),
              problem: failureText(error, t('The white label could not be saved. Please try again.')),
            };
          }
          // Members (this admin among them) see the new brand.
          void queryClient.invalidateQueries({ queryKey: memberBrandKeys.all });
          notify.success({ title: t('White label saved'), description: Object.keys(changes).join(', ') });
          return { ok: true };
        }}
      />
    </WorkspaceSection>
  );
}
