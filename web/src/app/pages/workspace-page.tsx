import { WorkspacePage as Workspace } from '../../features/workspaces/pages/workspace-page';
import { NotFoundPage } from '../not-found-page';

/** `/orgs/{slug}` (issue 18): the workspace; founders and outsiders get the app's "Page Not Found". */
export function WorkspacePage() {
  return <Workspace NotFound={NotFoundPage} />;
}
