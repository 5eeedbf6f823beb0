import CheckCircleFilled from '@ant-design/icons-svg/es/asn/CheckCircleFilled';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { PLATFORM_NAME } from '@app/contracts';
import { replayEarlyTaps, typedValues } from '../../../components/plain-form/early-input';
import { fieldIds } from '../../../components/plain-form/validation';
import { PlainAlert } from '../../../components/plain-alert/plain-alert';
import { Seo } from '../../../components/seo';
import { SvgIcon } from '../../../components/svg-icon';
import { msg, useT } from '../../../i18n/i18n';
import { Trans } from '../../../i18n/trans';
import { authSeo } from '../auth-seo';
import type { SignedOutState } from '../api/logout';
import { SignInForm } from '../components/sign-in-form';
import type { Credentials } from '../components/credentials';
import { SignUpForm } from '../components/sign-up-form';
import { SsoSignIn } from '../components/sso-sign-in';
import '../auth.css';

/** Also the names of the two forms (their fields' ids). */
type AuthMode = 'sign-in' | 'sign-up';

const NO_CREDENTIALS: Record<keyof Credentials, string> = { username: '', password: '' };

const copy = {
  'sign-in': {
    seoTitle: msg('Sign in'),
    heading: msg('Welcome back'),
    intro: msg('Sign in to pick up your roadmap where you left off.'),
    switchPrompt: msg("Don't have an account?"),
    switchAction: msg('Sign up'),
  },
  'sign-up': {
    seoTitle: msg('Create your account'),
    heading: msg('Create your account'),
    intro: msg('Start free: one venture, a full 50-task roadmap and progress tracking.'),
    switchPrompt: msg('Already have an account?'),
    switchAction: msg('Sign in'),
  },
} as const;

const benefits = [
  msg('50 guided launch tasks, from first idea to launch day'),
  msg('Progress tracking across five stages of building a startup'),
  msg('A practical guide with best practices for every task'),
];

/**
 * Sign-in and sign-up on one page, two modes toggled in place (spec §2). Plain markup, no antd (issue 22): the
 * page a visitor reaches from every public page loads as light as they do; the first toast loads antd.
 */
export function AuthPage() {
  // `?mode=sign-up` opens the sign-up form (an invitation's "Sign up"); `?next=` is where to go afterwards.
  const t = useT();
  const [searchParams] = useSearchParams();
  const [mode, setMode] = useState<AuthMode>(searchParams.get('mode') === 'sign-up' ? 'sign-up' : 'sign-in');
  const headingRef = useRef<HTMLHeadingElement>(null);
  const switched = useRef(false);
  // What was typed into one mode's form goes on into the other's: a visitor who tapped "Sign up" on the
  // pre-rendered page and typed their e-mail before the tap was answered loses nothing when the form switches.
  const [carried, setCarried] = useState<Credentials>({});
  const text = copy[mode];
  // Issue 19: signed out after an SSO sign-in: the identity provider's own sign-out is offered.
  const endSessionUrl = (useLocation().state as SignedOutState | null)?.endSessionUrl;

  // Taps on "Sign up" or "Continue with SSO" made before the pre-rendered page was live.
  useEffect(() => replayEarlyTaps(), []);

  useEffect(() => {
    // After a switch, move focus to the new heading so keyboard and screen reader users
    // land on the form that replaced the one they were in.
    if (switched.current) headingRef.current?.focus();
  }, [mode]);

  const toggleMode = () => {
    switched.current = true;
    setCarried(typedValues(NO_CREDENTIALS, (name) => fieldIds(mode, name).input));
    setMode((current) => (current === 'sign-in' ? 'sign-up' : 'sign-in'));
  };

  return (
    <div className="auth-page">
      <Seo {...authSeo} title={text.seoTitle} />
      <aside className="auth-page__aside" aria-label={t('Why {platform}', { platform: PLATFORM_NAME })}>
        <p className="auth-page__eyebrow">{PLATFORM_NAME}</p>
        <p className="auth-page__pitch">{t('Your roadmap from idea to launch.')}</p>
        <ul className="auth-page__benefits">
          {benefits.map((benefit) => (
            <li key={benefit}>
              <SvgIcon icon={CheckCircleFilled} aria-hidden="true" />
              <span>{t(benefit)}</span>
            </li>
          ))}
        </ul>
      </aside>
      <section className="auth-card" aria-labelledby="auth-heading">
        <h1 id="auth-heading" className="auth-card__heading" ref={headingRef} tabIndex={-1}>
          {t(text.heading)}
        </h1>
        <p className="auth-card__intro">{t(text.intro)}</p>
        {endSessionUrl ? (
          <PlainAlert
            tone="info"
            className="auth-card__signed-out"
            title={t('You are signed out of {platform}.', { platform: PLATFORM_NAME })}
            description={
              <Trans
                id="You signed in with your organization's single sign-on. <0>Also sign out of your organization account</0>"
                components={{ 0: <a href={endSessionUrl} /> }}
              />
            }
          />
        ) : null}
        {mode === 'sign-in' ? (
          <>
            <SignInForm carried={carried} />
            <SsoSignIn />
          </>
        ) : (
          <SignUpForm carried={carried} />
        )}
        <p className="auth-card__switch">
          {t(text.switchPrompt)}{' '}
          <button type="button" className="auth-card__switch-button" data-early-tap onClick={toggleMode}>
            {t(text.switchAction)}
          </button>
        </p>
      </section>
    </div>
  );
}
