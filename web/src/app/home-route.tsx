import { PageSpinner } from '../components/page-spinner';
import { useSessionUser } from '../entities/session-user/get-session-user';
import { antdPage, lazyPage, onDemandPage } from './lazy-page';

const LandingPage = lazyPage(() => import('../features/landing/pages/landing-page'), 'LandingPage');
const HomeRedirect = antdPage('HomeRedirect');
const OrganizationRegistrationPage = onDemandPage('OrganizationRegistrationPage');

/**
 * Issue 19: on an organization's custom domain the gateway names the organization in the page it serves
 * at `/` (`<meta name="vr-organization" content="<slug>">`); elsewhere there is none.
 */
export function customDomainSlug(): string | null {
  if (typeof document === 'undefined') return null;
  const content = document.querySelector('meta[name="vr-organization"]')?.getAttribute('content') ?? '';
  return /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(content) ? content : null;
}

/**
 * `/` (spec §2): a spinner while the session loads, then the venture redirect or the landing page; on an
 * organization's custom domain (issue 19), its branded registration instead of the landing page.
 */
function Home() {
  const { data: user, isLoading } = useSessionUser();
  if (isLoading) return <PageSpinner />;
  if (user) return <HomeRedirect />;
  const organization = customDomainSlug();
  return organization ? <OrganizationRegistrationPage slug={organization} /> : <LandingPage />;
}

/**
 * `/`; its code to preload (src/main.tsx, src/app/router.tsx) is the visitor's landing page, the one
 * pre-rendered there, or on a custom domain the organization's registration.
 */
export const HomeRoute = Object.assign(Home, {
  preload: () =>
    customDomainSlug() === null ? LandingPage.preload() : OrganizationRegistrationPage.preload(),
});
