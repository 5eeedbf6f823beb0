import {
  BankOutlined,
  DashboardOutlined,
  LogoutOutlined,
  PlusOutlined,
  SettingOutlined,
  SolutionOutlined,
} from '@ant-design/icons';
import { canInOrg } from '@app/contracts';
import { Dropdown, type MenuProps } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { getAvatarInitials } from '../../../components/avatar-initials';
import { paths } from '../../../config/paths';
import { useMyOrganizations } from '../../../entities/organization/get-my-organizations';
import type { SessionUser } from '../../../entities/session-user/get-session-user';
import { canSeeAdminDashboard } from '../../../lib/access';
import { useT } from '../../../i18n/i18n';
import { useNotify } from '../../../lib/notify';
import { useLogout } from '../api/logout';
import { loggedOutToast, logoutFailedToast } from '../auth-messages';

const SIGN_OUT_KEY = 'sign-out';

interface UserMenuProps {
  user: SessionUser;
}

/** The signed-in header's avatar menu (spec §2 "Header, footer, 404 and metadata"). */
export function UserMenu({ user }: UserMenuProps) {
  const t = useT();
  const navigate = useNavigate();
  const notify = useNotify();
  const logout = useLogout();
  const [open, setOpen] = useState(false);
  // Issue 18: one entry per organization the user is staff of (most users have none).
  const organizations = useMyOrganizations();
  // "My ventures" for whoever mentors in at least one organization (the policy's `mentorVentures`).
  const mentors = (organizations.data ?? []).some((org) => canInOrg(org.role, 'mentorVentures'));

  const signOut = async () => {
    try {
      await logout.mutateAsync();
    } catch (error) {
      notify.error(logoutFailedToast(error));
      return;
    }
    notify.success(loggedOutToast);
  };

  const links: Record<string, string> = {
    account: paths.account.getHref(),
    'new-venture': paths.newVenture.getHref(),
    admin: paths.admin.getHref(),
    mentoring: paths.mentoring.getHref(),
    ...Object.fromEntries(
      (organizations.data ?? []).map((org) => [`workspace:${org.slug}`, paths.workspace.getHref(org.slug)]),
    ),
  };

  const items: MenuProps['items'] = [
    {
      key: 'user',
      type: 'group',
      label: (
        <span className="user-menu__username" data-testid="user-menu-username">
          {user.username}
        </span>
      ),
    },
    { type: 'divider' },
    { key: 'account', icon: <SettingOutlined />, label: t('Account settings') },
    { key: 'new-venture', icon: <PlusOutlined />, label: t('Create new venture') },
    ...(canSeeAdminDashboard(user)
      ? [{ key: 'admin', icon: <DashboardOutlined />, label: t('Admin dashboard') }]
      : []),
    ...(mentors ? [{ key: 'mentoring', icon: <SolutionOutlined />, label: t('My ventures') }] : []),
    ...(organizations.data ?? []).map((org) => ({
      key: `workspace:${org.slug}`,
      icon: <BankOutlined />,
      label: t('Workspace: {name}', { name: org.name }),
    })),
    { type: 'divider' },
    {
      key: SIGN_OUT_KEY,
      icon: <LogoutOutlined />,
      label: logout.isPending ? t('Signing out…') : t('Sign out'),
      disabled: logout.isPending,
    },
  ];

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === SIGN_OUT_KEY) {
      void signOut();
      return;
    }
    const href = links[key];
    if (href !== undefined) {
      setOpen(false);
      void navigate(href);
    }
  };

  return (
    <Dropdown
      menu={{ items, onClick }}
      trigger={['click']}
      placement="bottomRight"
      // Keyboard users land in the menu when it opens.
      autoFocus
      // The menu opens at once, without the slide-up motion: a quick click during that motion
      // could press an item (mousedown) and release on the moving menu's padding (mouseup), so
      // the browser sent no click and e.g. Sign out did nothing.
      transitionName=""
      // Above the toasts (antd notifications sit at z-index 2050, the menu at 1050): a menu the user
      // has just opened must not lie under a toast that happens to be showing in the same corner.
      styles={{ root: { zIndex: 2100 } }}
      open={open}
      onOpenChange={setOpen}
    >
      <button
        type="button"
        className="user-menu__trigger"
        aria-label={t('Account menu')}
        aria-haspopup="menu"
        aria-expanded={open}
      >
        {/* Two initials at most, so no measuring: antd's Avatar reads its text's width after mounting,
            which forced a layout of the whole page on every signed-in page's first render. */}
        <span className="user-menu__avatar" aria-hidden="true">
          {getAvatarInitials(user.username)}
        </span>
      </button>
    </Dropdown>
  );
}
