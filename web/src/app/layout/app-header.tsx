import { Suspense } from 'react';
import { Logo } from '../../components/logo';
import { useMemberBrand } from '../../entities/member-brand/get-member-brand';
import { useSessionUser } from '../../entities/session-user/get-session-user';
import { antdPage } from '../lazy-page';
import { MemberBrandLogo, useMemberFavicon } from './member-brand';
import { VisitorNav } from './visitor-nav';

// Signed-in only: its antd menu never weighs on the public pages.
const UserMenu = antdPage(() => import('../../features/auth/components/user-menu'), 'UserMenu');

/** Sticky header: the avatar menu when signed in, marketing navigation otherwise (spec §2). */
export function AppHeader() {
  const { data: user } = useSessionUser();
  // Issue 19: a member of an organization sees its logo, name and favicon.
  const brand = useMemberBrand();
  useMemberFavicon(brand);
  return (
    <header className="app-header">
      <div className="app-header__inner">
        {user && brand ? <MemberBrandLogo brand={brand} /> : <Logo />}
        {user ? (
          <Suspense fallback={<span className="user-menu__placeholder" aria-hidden="true" />}>
            <UserMenu user={user} />
          </Suspense>
        ) : (
          <VisitorNav />
        )}
      </div>
    </header>
  );
}
