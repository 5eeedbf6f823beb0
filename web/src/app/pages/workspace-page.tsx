import { WorkspacePage as Workspace } from '../../features/workspaces/pages/workspace-page';
import { lazyPage } from '../lazy-page';

// The router's own 404 page, loaded as its own chunk (it is also the catch-all route's), only when needed.
const NotFoundPage = lazyPage(() => import('../not-found-page'), 'NotFoundPage');

/** `/orgs/{slug}` (issue 18): the workspace; founders and outsiders get the app's "Page Not Found". */
export function WorkspacePage() {
  return <Workspace NotFound={NotFoundPage} />;
}
