import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from '@jest/globals';
import { theme } from '../src/app/theme.ts';
import { antdComponentStyles } from './antd-styles.ts';

const SRC = fileURLToPath(new URL('../src', import.meta.url));
/** antd exports the app imports that draw nothing of their own. */
const NO_RULES = new Set(['ConfigProvider', 'theme']);

/** The antd components the app imports (values, not types), from its sources. */
function componentsTheAppImports(): Set<string> {
  const names = new Set<string>();
  for (const entry of readdirSync(SRC, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.tsx?$/.test(entry.name) || /\.test\.tsx?$/.test(entry.name)) continue;
    const code = readFileSync(join(entry.parentPath, entry.name), 'utf8');
    for (const [, specifiers] of code.matchAll(/import\s*\{([^}]+)\}\s*from\s*'antd'/g)) {
      for (const specifier of specifiers!.split(',')) {
        const name = specifier.trim().split(/\s+as\s+/)[0]!;
        if (name && !name.startsWith('type ')) names.add(name);
      }
    }
  }
  return names;
}

/** The style keys the stylesheet's map lists (`<hash>|<Component>-<part>|<prefix>|<icon prefix>`). */
function listedKeys(css: string): string[] {
  const map = /\.data-ant-cssinjs-cache-path\{content:"([^"]*)";\}/.exec(css);
  if (!map) throw new Error('the stylesheet has no map of its rules');
  return map[1]!.split(';').map((entry) => entry.split(':')[0]!);
}

describe("antd's component rules computed by the build (issue 22)", () => {
  const previous = process.env.NODE_ENV;
  afterEach(() => {
    process.env.NODE_ENV = previous;
  });

  it('cover every antd component the app imports, under the keys of production antd', () => {
    process.env.NODE_ENV = 'production';
    const keys = listedKeys(antdComponentStyles(theme));
    const components = new Set(keys.map((key) => key.split('|')[1]?.split('-')[0]));
    const imported = [...componentsTheAppImports()].filter((name) => !NO_RULES.has(name));
    expect(imported).toContain('Button');
    // `notification` is the Notification component's API.
    const missing = imported.filter((name) => !components.has(name[0]!.toUpperCase() + name.slice(1)));
    expect(missing).toEqual([]);
    // Production antd keys its rules `css-<hash>`; the development build's keys never match them.
    expect(keys.filter((key) => key.startsWith('css-dev-only'))).toEqual([]);
    expect(keys.filter((key) => key.startsWith('css-')).length).toBeGreaterThan(30);
  });

  it('refuse to be computed with development antd, whose keys the browser build never uses', () => {
    process.env.NODE_ENV = 'test';
    expect(() => antdComponentStyles(theme)).toThrow(/production only/);
  });
});
