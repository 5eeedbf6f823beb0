import { Result } from 'antd';
import { Link } from 'react-router-dom';
import { Seo } from '../components/seo';
import { paths } from '../config/paths';
import { useT } from '../i18n/i18n';

/** Any path the router does not know (spec §2 "404"). */
export function NotFoundPage() {
  const t = useT();
  return (
    <div className="page-message">
      <Seo
        title={t('Page Not Found')}
        description={t('The page you are looking for does not exist.')}
        noindex
      />
      <Result
        status="404"
        title={<h1 className="page-message__title">{t('Page Not Found')}</h1>}
        subTitle={t('Did you forget to add the page to the router?')}
        extra={
          <Link to={paths.home.getHref()} className="button button--primary">
            {t('Back to home')}
          </Link>
        }
      />
    </div>
  );
}
