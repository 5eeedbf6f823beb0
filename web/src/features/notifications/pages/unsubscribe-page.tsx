import { Alert, Button } from 'antd';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Seo } from '../../../components/seo';
import { paths } from '../../../config/paths';
import { failureText } from '../../../lib/api-client';
import { useUnsubscribe } from '../api/unsubscribe';
import '../notifications.css';

/**
 * `/unsubscribe?token=…` (issue 16), the link at the foot of every non-essential e-mail. It works signed out:
 * the signed token says who and which kind of e-mail. A button confirms, so a mail scanner that opens links
 * never unsubscribes anyone.
 */
export function UnsubscribePage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const unsubscribe = useUnsubscribe();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), [unsubscribe.isSuccess]);

  return (
    <div className="unsubscribe-page">
      <Seo title="Unsubscribe" noindex />
      <section className="unsubscribe-card" aria-labelledby="unsubscribe-heading">
        <h1 id="unsubscribe-heading" className="unsubscribe-card__title" ref={headingRef} tabIndex={-1}>
          {unsubscribe.isSuccess ? 'You are unsubscribed' : 'Unsubscribe from these e-mails'}
        </h1>
        {unsubscribe.isSuccess ? (
          <>
            <p role="status">{unsubscribe.data.message}</p>
            <p>
              You can turn e-mails back on at any time in your{' '}
              <Link to={paths.account.getHref()}>account settings</Link>.
            </p>
          </>
        ) : token === '' ? (
          <Alert type="error" showIcon title="This unsubscribe link is invalid" />
        ) : (
          <>
            <p>
              Stop receiving this kind of e-mail from Venture Roadmap. Invitations and account e-mails still
              arrive.
            </p>
            {unsubscribe.isError ? (
              <Alert
                type="error"
                showIcon
                role="alert"
                title={failureText(unsubscribe.error, 'We could not unsubscribe you. Please try again.')}
              />
            ) : null}
            <Button
              type="primary"
              size="large"
              onClick={() => unsubscribe.mutate(token)}
              loading={unsubscribe.isPending}
              disabled={unsubscribe.isPending}
            >
              Unsubscribe
            </Button>
          </>
        )}
      </section>
    </div>
  );
}
