import { Button, Result } from 'antd';
import { Seo } from '../components/seo';

/** Shown when a page throws or its code cannot be loaded (e.g. after a new release). */
export function RouteError() {
  return (
    <div className="page-message">
      <Seo title="Something went wrong" noindex />
      <Result
        status="error"
        title={<h1 className="page-message__title">Something went wrong</h1>}
        subTitle="This page could not be displayed. Reloading usually fixes it; if it does not, please try again later."
        extra={
          <Button type="primary" onClick={() => window.location.reload()}>
            Reload the page
          </Button>
        }
      />
    </div>
  );
}
