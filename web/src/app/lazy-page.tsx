import { lazy, type ComponentType } from 'react';
import type { antdPages, onDemandPages } from './on-demand';

type PropsOf<Component> = Component extends ComponentType<infer Props> ? Props : never;

/** A lazy page whose code can be fetched before it renders (the router does while the session loads). */
export type LazyPage<Props> = ComponentType<Props> & { preload: () => Promise<unknown> };

/** React.lazy for a named export, so every page is its own chunk without default exports. */
export function lazyPage<Module, Name extends keyof Module>(
  load: () => Promise<Module>,
  name: Name,
): LazyPage<PropsOf<Module[Name]>> {
  const Page = lazy(async () => ({ default: (await load())[name] as ComponentType<PropsOf<Module[Name]>> }));
  return Object.assign(Page, { preload: load });
}

type Loaders = Record<string, () => Promise<unknown>>;
/** The module `loaders[Name]` loads. */
type Loaded<L extends Loaders, Name extends keyof L> = Awaited<ReturnType<L[Name]>>;
/** What that module exports as `Name` (never when it exports no such name: rendering the page then fails to compile). */
type Exported<L extends Loaders, Name extends keyof L> =
  Loaded<L, Name> extends Record<Name, infer Component> ? Component : never;

type AntdPages = typeof antdPages;
type OnDemandPages = typeof onDemandPages;

/**
 * `lazyPage` for a page of `onDemandPages` (src/app/on-demand.ts), by the name it exports: its import waits for
 * the on-demand chunk.
 */
export function onDemandPage<Name extends keyof OnDemandPages>(
  name: Name,
): LazyPage<PropsOf<Exported<OnDemandPages, Name>>> {
  type Props = PropsOf<Exported<OnDemandPages, Name>>;
  const load = async () => {
    const { onDemandPages } = await import('./on-demand');
    return (await onDemandPages[name]()) as Record<Name, ComponentType<Props>>;
  };
  const Page = lazy(async () => ({ default: (await load())[name] as ComponentType<Props> }));
  return Object.assign(Page, { preload: load });
}

/**
 * `lazyPage` for a page or widget built with antd components, named by its export in `antdPages`
 * (src/app/on-demand.ts): it renders inside `AntdScope` (the theme and antd's App context), loaded with it. Pages
 * without antd use `lazyPage` or `onDemandPage` and never load antd.
 */
export function antdPage<Name extends keyof AntdPages>(
  name: Name,
): LazyPage<PropsOf<Exported<AntdPages, Name>>> {
  type Props = PropsOf<Exported<AntdPages, Name>>;
  const load = async () => {
    const { antdPages, loadAntdScope } = await import('./on-demand');
    return Promise.all([antdPages[name]() as Promise<Record<Name, ComponentType<Props>>>, loadAntdScope()]);
  };
  const Page = lazy(async () => {
    const [module, { AntdScope }] = await load();
    const Component: ComponentType<Props> = module[name];
    function InAntdScope(props: Props & object) {
      return (
        <AntdScope>
          <Component {...props} />
        </AntdScope>
      );
    }
    return { default: InAntdScope as ComponentType<Props> };
  });
  return Object.assign(Page, { preload: load });
}
