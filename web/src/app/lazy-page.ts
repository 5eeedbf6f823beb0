import { lazy, type ComponentType } from 'react';

/** React.lazy for a named export, so every page is its own chunk without default exports. */
export function lazyPage<Module, Name extends keyof Module>(
  load: () => Promise<Module>,
  name: Name,
): ComponentType {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}
