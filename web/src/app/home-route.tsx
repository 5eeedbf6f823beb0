import { PageSpinner } from '../components/page-spinner';
import { useSessionUser } from '../entities/session-user/get-session-user';
import { antdPage, lazyPage } from './lazy-page';

const LandingPage = lazyPage(() => import('../features/landing/pages/landing-page'), 'LandingPage');
const HomeRedirect = antdPage(() => import('../features/ventures/components/home-redirect'), 'HomeRedirect');

/** `/` (spec §2): a spinner while the session loads, then the venture redirect or the landing page. */
export function HomeRoute() {
  const { data: user, isLoading } = useSessionUser();
  if (isLoading) return <PageSpinner />;
  return user ? <HomeRedirect /> : <LandingPage />;
}
