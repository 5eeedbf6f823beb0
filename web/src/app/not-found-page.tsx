import { Result } from 'antd';
import { Link } from 'react-router-dom';
import { Seo } from '../components/seo';
import { paths } from '../config/paths';

/** Any path the router does not know (spec §2 "404"). */
export function NotFoundPage() {
  return (
    <div className="page-message">
      <Seo title="Page Not Found" description="The page you are looking for does not exist." noindex />
      <Result
        status="404"
        title={<h1 className="page-message__title">Page Not Found</h1>}
        subTitle="Did you forget to add the page to the router?"
        extra={
          <Link to={paths.home.getHref()} className="button button--primary">
            Back to home
          </Link>
        }
      />
    </div>
  );
}
