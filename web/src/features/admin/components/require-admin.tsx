import { useEffect, useRef, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { PageSpinner } from '../../../components/page-spinner';
import { paths } from '../../../config/paths';
import { useT } from '../../../i18n/i18n';
import { useSessionUser } from '../../../entities/session-user/get-session-user';
import { canSeeAdminDashboard } from '../../../lib/access';
import { useNotify } from '../../../lib/notify';
import { accessDeniedToast } from '../admin-messages';

/**
 * The admin pages' own check (spec §6): a signed-in user without the admin flag gets the Access Denied
 * toast and goes to `/`. The admin service checks the flag again on every call.
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const t = useT();
  const session = useSessionUser();
  const navigate = useNavigate();
  const notify = useNotify();
  const denied = useRef(false);
  const allowed = canSeeAdminDashboard(session.data);
  const settled = !session.isPending;

  useEffect(() => {
    if (!settled || allowed || denied.current) return;
    denied.current = true;
    notify.error(accessDeniedToast());
    void navigate(paths.home.getHref(), { replace: true });
  }, [settled, allowed, navigate, notify]);

  if (!allowed) return <PageSpinner label={t('Checking permissions')} />;
  return children;
}
