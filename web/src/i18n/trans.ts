import { TransNoContext, type TransProps } from '@lingui/react/server';
import { createElement } from 'react';
import { i18n, useLanguage } from './i18n';

/**
 * A sentence with elements inside it: `<Trans id="Read our <0>terms</0>" components={{ 0: <a href="/terms" /> }} />`
 * (Lingui's own, rendering in the active language and again when it changes). A module of its own, so only the
 * pages that use it load it.
 */
export function Trans(props: TransProps) {
  useLanguage();
  return createElement(TransNoContext, { ...props, lingui: { i18n } });
}
