import { Suspense } from 'react';
import { Logo } from '../../components/logo';
import { useSessionUser } from '../../entities/session-user/get-session-user';
import { onDemandPage } from '../lazy-page';
import { VisitorNav } from './visitor-nav';

// Signed-in only: the menu never weighs on the public pages.
const UserMenu = onDemandPage('UserMenu');
// Issue 19: a member of an organization sees its logo, name and favicon (signed-in only, like the menu).
const MemberHeaderBrand = onDemandPage('MemberHeaderBrand');

/** Sticky header: the avatar menu when signed in, marketing navigation otherwise (spec §2). */
export function AppHeader() {
  const { data: user } = useSessionUser();
  return (
    <header className="app-header">
      <div className="app-header__inner">
        {user ? (
          <Suspense fallback={<Logo />}>
            <MemberHeaderBrand />
          </Suspense>
        ) : (
          <Logo />
        )}
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
