import { Logo } from '../../components/logo';
import { useUser } from '../../features/auth/api/get-user';
import { UserMenu } from '../../features/auth/components/user-menu';
import { VisitorNav } from './visitor-nav';

/** Sticky header: the avatar menu when signed in, marketing navigation otherwise (spec §2). */
export function AppHeader() {
  const { user } = useUser();
  return (
    <header className="app-header">
      <div className="app-header__inner">
        <Logo />
        {user ? <UserMenu user={user} /> : <VisitorNav />}
      </div>
    </header>
  );
}
