import { invitationTokenFromHash } from '@app/contracts';
import { useLocation } from 'react-router-dom';
import { paths } from '../../config/paths';
import { useLogout } from '../../features/auth/api/logout';
import { logoutFailedToast } from '../../features/auth/auth-messages';
import { OrgInvitationCard } from '../../features/workspaces/components/org-invitation-card';
import { useNotify } from '../../lib/notify';
import '../../features/invitations/invitations.css';

/**
 * `/org-invitation#token=…` (issue 18), the link of a staff invitation e-mail: the workspaces feature's
 * card, and auth's sign-out for "use the invited address instead" (which returns here after signing in).
 */
export function OrgInvitationPage() {
  const token = invitationTokenFromHash(useLocation().hash) ?? '';
  const notify = useNotify();
  const logout = useLogout({ next: paths.orgInvitation.getHref(token) });
  return (
    <OrgInvitationCard
      token={token}
      switchingAccount={logout.isPending}
      onUseOtherAccount={() =>
        logout.mutate(undefined, {
          onError: (error) => notify.error(logoutFailedToast(error)),
        })
      }
    />
  );
}
