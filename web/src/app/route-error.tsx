import { Seo } from '../components/seo';

/**
 * Shown when a page throws or its code cannot be loaded (e.g. after a new release). Plain markup: it is
 * part of every page's shell, and must not depend on code that may be what failed to load.
 */
export function RouteError() {
  return (
    <div className="page-message">
      <Seo title="Something went wrong" noindex />
      <div className="page-message__body" role="alert">
        <h1 className="page-message__title">Something went wrong</h1>
        <p>
          This page could not be displayed. Reloading usually fixes it; if it does not, please try again
          later.
        </p>
        <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
          Reload the page
        </button>
      </div>
    </div>
  );
}
