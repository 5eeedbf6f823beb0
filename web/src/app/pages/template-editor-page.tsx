import { TemplateEditorPage as Editor } from '../../features/org-templates/pages/template-editor-page';
import { lazyPage } from '../lazy-page';

const NotFoundPage = lazyPage(() => import('../not-found-page'), 'NotFoundPage');

/** `/orgs/{slug}/template` (issue 18): the org admin's template editor; anyone outside gets "Page Not Found". */
export function TemplateEditorPage() {
  return <Editor NotFound={NotFoundPage} />;
}
