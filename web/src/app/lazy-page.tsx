import { lazy, type ComponentType } from 'react';

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

/**
 * `lazyPage` for a page or widget built with antd components: it renders inside `AntdScope` (the theme
 * and antd's App context), loaded with it. Pages without antd use `lazyPage` and never load antd.
 */
export function antdPage<Module, Name extends keyof Module>(
  load: () => Promise<Module>,
  name: Name,
): LazyPage<PropsOf<Module[Name]>> {
  type Props = PropsOf<Module[Name]>;
  const Page = lazy(async () => {
    const [module, { AntdScope }] = await Promise.all([load(), import('./antd-scope')]);
    const Component = module[name] as ComponentType<Props>;
    function InAntdScope(props: Props & object) {
      return (
        <AntdScope>
          <Component {...props} />
        </AntdScope>
      );
    }
    return { default: InAntdScope as ComponentType<Props> };
  });
  return Object.assign(Page, { preload: () => Promise.all([load(), import('./antd-scope')]) });
}
