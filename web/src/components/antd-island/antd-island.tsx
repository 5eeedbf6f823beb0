import { createContext, Suspense, useContext, useState, type ComponentType, type ReactNode } from 'react';

/**
 * antd components on a page built without antd (issue 22: the roadmap). The page's first render carries no
 * antd; what needs it (a dialog, a drawer, the timeline) renders in an island, once it is wanted: the island
 * loads the app's antd scope (the theme, an organization's brand, antd's App context) with its own code, and
 * shows `fallback` meanwhile. The app provides that scope (`AntdIslandScopeProvider`); inside an antd page, which
 * is already in the scope, and in unit tests, an island renders its children as they are.
 */
const AntdIslandScope = createContext<ComponentType<{ children: ReactNode }> | null>(null);

export const AntdIslandScopeProvider = AntdIslandScope.Provider;

/**
 * Whether `open` has been true at some render: an island for a dialog or a drawer mounts the first time it
 * opens and stays mounted after, closed (so it animates out and gives the focus back, like any antd modal).
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}

export function AntdIsland({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  const Scope = useContext(AntdIslandScope);
  return <Suspense fallback={fallback}>{Scope ? <Scope>{children}</Scope> : children}</Suspense>;
}
