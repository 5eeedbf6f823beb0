import { Alert, Button } from 'antd';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Seo } from '../../../components/seo';
import { paths } from '../../../config/paths';
import { failureText } from '../../../lib/api-client';
import { useUnsubscribe } from '../api/unsubscribe';
import '../notifications.css';
import { useT } from '../../../i18n/i18n';
import { Trans } from '../../../i18n/trans';

/**
 * `/unsubscribe?token=…` (issue 16), the link at the foot of every non-essential e-mail. It works signed out:
 * the signed token says who and which kind of e-mail. A button confirms, so a mail scanner that opens links
 * never unsubscribes anyone.
 */
export function UnsubscribePage() {
  const t = useT();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const unsubscribe = useUnsubscribe();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), [unsubscribe.isSuccess]);

  return (
    <div className="unsubscribe-page">
      <Seo title={t('Unsubscribe')} noindex />
      <section className="unsubscribe-card" aria-labelledby="unsubscribe-heading">
        <h1 id="unsubscribe-heading" className="unsubscribe-card__title" ref={headingRef} tabIndex={-1}>
          {unsubscribe.isSuccess ? t('You are unsubscribed') : t('Unsubscribe from these e-mails')}
        </h1>
        {unsubscribe.isSuccess ? (
          <>
            <p role="status">{t(unsubscribe.data.message)}</p>
            <p>
              <Trans
                id="You can turn e-mails back on at any time in your <0>account settings</0>."
                components={{ 0: <Link to={paths.account.getHref()} /> }}
              />
            </p>
          </>
        ) : token === '' ? (
          <Alert type="error" showIcon title={t('This unsubscribe link is invalid')} />
        ) : (
          <>
            <p>
              {t(
                'Stop receiving this kind of e-mail from Venture Roadmap. Invitations and account e-mails still arrive.',
              )}
            </p>
            {unsubscribe.isError ? (
              <Alert
                type="error"
                showIcon
                role="alert"
                title={failureText(unsubscribe.error, t('We could not unsubscribe you. Please try again.'))}
              />
            ) : null}
            <Button
              type="primary"
              size="large"
              onClick={() => unsubscribe.mutate(token)}
              loading={unsubscribe.isPending}
              disabled={unsubscribe.isPending}
            >
              {t('Unsubscribe')}
            </Button>
          </>
        )}
      </section>
    </div>
  );
}
