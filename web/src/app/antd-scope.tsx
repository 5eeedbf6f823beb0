import './antd-static-styles';
import { App as AntApp, ConfigProvider } from 'antd';
import type { Locale } from 'antd/es/locale';
import dayjs from 'dayjs';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useLanguage } from '../i18n/i18n';
import { ActionButtonStyleProvider } from '../components/action-button/action-button';
import { actionButtonStyle } from '../components/action-button/action-button-style';
import { AntdIslandScopeProvider } from '../components/antd-island/antd-island';
import { useMemberBrand } from '../entities/member-brand/get-member-brand';
import { wantToastHost } from '../lib/toast-store';
import { brandTheme } from './brand-theme';
import { theme } from './theme';

/** antd's own texts (pagination, date pickers, empty lists, confirm buttons) per language, loaded on first use. */
const antdLocales: Partial<Record<string, Locale>> = {};

async function loadSpanish(): Promise<Locale> {
  const [{ default: locale }] = await Promise.all([
    import('antd/es/locale/es_ES'),
    import('dayjs/locale/es'),
  ]);
  antdLocales.es = locale;
  return locale;
}

/** The antd locale of the active language (issue 21); English is antd's default. dayjs follows it. */
function useAntdLocale(): Locale | undefined {
  const language = useLanguage();
  const [, loaded] = useState(0);
  useEffect(() => {
    dayjs.locale(language === 'es' && antdLocales.es ? 'es' : 'en');
    if (language === 'es' && !antdLocales.es) {
      void loadSpanish().then(() => {
        dayjs.locale('es');
        loaded((count) => count + 1);
      });
    }
  }, [language]);
  return language === 'en' ? undefined : antdLocales[language];
}

/**
 * The antd theme and antd's App context (`App.useApp().modal`) around a page or widget that uses antd
 * components. Only those load antd: the landing and about pages stay free of it.
 */
export function AntdScope({ children }: { children: ReactNode }) {
  // A page with antd components is likely to toast: the host loads now rather than at the first toast.
  useEffect(wantToastHost, []);
  // Issue 19: a member of an organization sees its colours (the platform's for everyone else).
  const brand = useMemberBrand();
  const themed = useMemo(() => brandTheme(theme, brand), [brand]);
  const actionStyle = useMemo(() => actionButtonStyle(themed), [themed]);
  const locale = useAntdLocale();
  return (
    <ConfigProvider theme={themed} locale={locale}>
      <ActionButtonStyleProvider value={actionStyle}>
        {/* Islands inside this scope are in it already. */}
        <AntdIslandScopeProvider value={null}>
          <AntApp component={false}>{children}</AntApp>
        </AntdIslandScopeProvider>
      </ActionButtonStyleProvider>
    </ConfigProvider>
  );
}
