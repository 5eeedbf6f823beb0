import { DownloadOutlined } from '@ant-design/icons';
import { accountExportApi } from '@app/contracts';
import { Button } from 'antd';
import { useT } from '../../../i18n/i18n';

/**
 * Issue 17, the right to data portability: "Download my data" saves the account export (profile, e-mail
 * preferences, and every venture the user is a member of with its tasks, comments and history) as a JSON
 * file. A plain download link: the browser sends the session cookie and saves the attachment.
 */
export function DownloadDataSection() {
  const t = useT();
  return (
    <section className="account-card" aria-labelledby="your-data-heading">
      <h2 id="your-data-heading" className="account-card__title">
        {t('Your Data')}
      </h2>
      <p className="account-card__hint" id="download-data-hint">
        {t(
          'A JSON file with your profile, your e-mail settings and every venture you are a member of, with its tasks, comments and history.',
        )}
      </p>
      <Button
        href={accountExportApi.exportAccount.path}
        download
        icon={<DownloadOutlined aria-hidden />}
        aria-describedby="download-data-hint"
      >
        {t('Download my data')}
      </Button>
    </section>
  );
}
