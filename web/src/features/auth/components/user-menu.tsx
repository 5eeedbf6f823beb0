import BankOutlined from '@ant-design/icons-svg/es/asn/BankOutlined';
import DashboardOutlined from '@ant-design/icons-svg/es/asn/DashboardOutlined';
import LogoutOutlined from '@ant-design/icons-svg/es/asn/LogoutOutlined';
import PlusOutlined from '@ant-design/icons-svg/es/asn/PlusOutlined';
import SettingOutlined from '@ant-design/icons-svg/es/asn/SettingOutlined';
import SolutionOutlined from '@ant-design/icons-svg/es/asn/SolutionOutlined';
import type { IconDefinition } from '@ant-design/icons-svg/es/types';
import { canInOrg } from '@app/contracts';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router-dom';
import { getAvatarInitials } from '../../../components/avatar-initials';
import { SvgIcon } from '../../../components/svg-icon';
import { paths } from '../../../config/paths';
import { useMyOrganizations } from '../../../entities/organization/get-my-organizations';
import type { SessionUser } from '../../../entities/session-user/get-session-user';
import { canSeeAdminDashboard } from '../../../lib/access';
import { useT } from '../../../i18n/i18n';
import { useNotify } from '../../../lib/notify';
import { useLogout } from '../api/logout';
import { loggedOutToast, logoutFailedToast } from '../auth-messages';
import './user-menu.css';

interface UserMenuProps {
  user: SessionUser;
}

interface MenuLink {
  key: string;
  href: string;
  icon: IconDefinition;
  label: string;
}

/** Which item takes the focus as the menu opens: the first (click, Enter, Space, ↓) or the last (↑). */
type OpenedWith = 'first' | 'last';

/**
 * The signed-in header's avatar menu (spec §2 "Header, footer, 404 and metadata"): the WAI-ARIA menu button
 * pattern in plain markup. It was antd's Dropdown, which put antd, its theme and its style hooks on every
 * signed-in page's first render, before the page's own (issue 22: with the roadmap's header alone, Lighthouse's
 * performance 91 with it and 97 without). Keyboard: Enter, Space or ↓ open it on the first item, ↑ on the last;
 * ↑ ↓ Home End move; Escape closes it back to the button; Tab closes it and moves on. A click outside closes it.
 */
export function UserMenu({ user }: UserMenuProps) {
  const t = useT();
  const notify = useNotify();
  const logout = useLogout();
  const [opened, setOpened] = useState<OpenedWith | null>(null);
  const open = opened !== null;
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const menuId = useId();
  // Issue 18: one entry per organization the user is staff of (most users have none).
  const organizations = useMyOrganizations();
  // "My ventures" for whoever mentors in at least one organization (the policy's `mentorVentures`).
  const mentors = (organizations.data ?? []).some((org) => canInOrg(org.role, 'mentorVentures'));

  const links: MenuLink[] = [
    { key: 'account', href: paths.account.getHref(), icon: SettingOutlined, label: t('Account settings') },
    {
      key: 'new-venture',
      href: paths.newVenture.getHref(),
      icon: PlusOutlined,
      label: t('Create new venture'),
    },
    ...(canSeeAdminDashboard(user)
      ? [{ key: 'admin', href: paths.admin.getHref(), icon: DashboardOutlined, label: t('Admin dashboard') }]
      : []),
    ...(mentors
      ? [
          {
            key: 'mentoring',
            href: paths.mentoring.getHref(),
            icon: SolutionOutlined,
            label: t('My ventures'),
          },
        ]
      : []),
    ...(organizations.data ?? []).map((org) => ({
      key: `workspace:${org.slug}`,
      href: paths.workspace.getHref(org.slug),
      icon: BankOutlined,
      label: t('Workspace: {name}', { name: org.name }),
    })),
  ];

  const items = () => [...(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
  const close = (focusTrigger: boolean) => {
    setOpened(null);
    if (focusTrigger) triggerRef.current?.focus();
  };

  // Keyboard users land in the menu as it opens.
  useEffect(() => {
    if (opened === null) return;
    const all = items();
    (opened === 'first' ? all[0] : all.at(-1))?.focus();
  }, [opened]);

  // A press anywhere outside the menu and its button closes it (focus stays where the press put it).
  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpened(null);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [open]);

  const signOut = async () => {
    try {
      await logout.mutateAsync();
    } catch (error) {
      notify.error(logoutFailedToast(error));
      return;
    }
    notify.success(loggedOutToast);
  };

  const onTriggerKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpened(event.key === 'ArrowDown' ? 'first' : 'last');
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const all = items().filter((item) => item.getAttribute('aria-disabled') !== 'true');
    const at = all.indexOf(document.activeElement as HTMLElement);
    const moveTo = (index: number) => {
      event.preventDefault();
      all[(index + all.length) % all.length]?.focus();
    };
    switch (event.key) {
      case 'ArrowDown':
        return moveTo(at + 1);
      case 'ArrowUp':
        return moveTo(at < 0 ? -1 : at - 1);
      case 'Home':
        return moveTo(0);
      case 'End':
        return moveTo(-1);
      case 'Escape':
        event.preventDefault();
        return close(true);
      case 'Tab':
        return close(false);
      case ' ':
        // Space activates a link item as Enter does (a button item does that by itself).
        if (document.activeElement instanceof HTMLAnchorElement) {
          event.preventDefault();
          document.activeElement.click();
        }
        return;
      default:
        return;
    }
  };

  return (
    <div className="user-menu" ref={rootRef}>
      <button
        ref={triggerRef}
        type="button"
        className="user-menu__trigger"
        aria-label={t('Account menu')}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? close(false) : setOpened('first'))}
        onKeyDown={onTriggerKeyDown}
      >
        {/* Two initials at most, so no measuring: antd's Avatar read its text's width after mounting,
            which forced a layout of the whole page on every signed-in page's first render. */}
        <span className="user-menu__avatar" aria-hidden="true">
          {getAvatarInitials(user.username)}
        </span>
      </button>
      {open ? (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label={t('Account menu')}
          className="user-menu__menu"
          onKeyDown={onMenuKeyDown}
        >
          <div role="presentation" className="user-menu__group">
            <span className="user-menu__username" data-testid="user-menu-username">
              {user.username}
            </span>
          </div>
          <div role="separator" className="user-menu__divider" />
          {links.map((link) => (
            <Link
              key={link.key}
              to={link.href}
              role="menuitem"
              tabIndex={-1}
              className="user-menu__item"
              onClick={() => setOpened(null)}
            >
              <SvgIcon icon={link.icon} className="user-menu__icon" aria-hidden="true" />
              {link.label}
            </Link>
          ))}
          <div role="separator" className="user-menu__divider" />
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            className="user-menu__item"
            aria-disabled={logout.isPending || undefined}
            onClick={logout.isPending ? undefined : () => void signOut()}
          >
            <SvgIcon icon={LogoutOutlined} className="user-menu__icon" aria-hidden="true" />
            {logout.isPending ? t('Signing out…') : t('Sign out')}
          </button>
        </div>
      ) : null}
    </div>
  );
}
