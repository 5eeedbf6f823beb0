import { invitationTokenFromHash } from '@app/contracts';
import { useLocation } from 'react-router-dom';
import { paths } from '../../config/paths';
import { useLogout } from '../../features/auth/api/logout';
import { logoutFailedToast } from '../../features/auth/auth-messages';
import { InvitationCard } from '../../features/invitations/components/invitation-card';
import { useNotify } from '../../lib/notify';
import '../../features/invitations/invitations.css';

/**
 * `/invitation#token=…` (issue 16), the link of an invitation e-mail: the invitations feature's card, and
 * auth's sign-out for "use the invited address instead" (which returns here after signing in).
 */
export function InvitationPage() {
  const token = invitationTokenFromHash(useLocation().hash) ?? '';
  const notify = useNotify();
  const logout = useLogout({ next: paths.invitation.getHref(token) });
  return (
    <InvitationCard
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
