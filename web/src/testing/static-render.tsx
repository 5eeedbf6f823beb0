// Unit tests of components render them to HTML (the unit tests run without a DOM; the interactions are
// covered by the browser tests in web/e2e).
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { createQueryClient } from '../lib/query-client';

/** The component's HTML inside the app's providers (query client, antd App, router). */
export function renderStatic(node: ReactNode, queryClient: QueryClient = createQueryClient()): string {
  return renderToStaticMarkup(
    <QueryClientProvider client={queryClient}>
      <App>
        <MemoryRouter>{node}</MemoryRouter>
      </App>
    </QueryClientProvider>,
  );
}

/** The visible text, with tags removed and spaces collapsed. */
export function textOf(html: string): string {
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ')
    .trim();
}
