/**
 * Issue 21: the web app's message catalogues, from source to what the browser loads. Message ids are the
 * English texts, found in the code (`t('…')`, `msg('…')`, `translate('…')`, `<Trans id="…">`); the Spanish
 * source catalogue is `src/i18n/catalogues/es/*.json` (one file per area, English → Spanish, ICU MessageFormat).
 * `npm run i18n -w web` compiles both languages into `src/i18n/compiled/*.json`, which the app imports, so the
 * browser never parses ICU; `catalogues.test.ts` fails when the compiled files are stale, when an id has no
 * Spanish, or when a translation's placeholders differ from its English.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileMessageOrThrow, type CompiledMessage } from '@lingui/message-utils/compileMessage';
import ts from 'typescript';

export const WEB_ROOT = fileURLToPath(new URL('..', import.meta.url));
export const SOURCE_DIR = join(WEB_ROOT, 'src');
export const SPANISH_SOURCE_DIR = join(SOURCE_DIR, 'i18n/catalogues/es');
export const COMPILED_DIR = join(SOURCE_DIR, 'i18n/compiled');

/** The functions whose first argument, a string literal, is a message id. */
const TRANSLATING_CALLS = new Set(['t', 'msg', 'translate']);

function isSourceFile(name: string): boolean {
  return /\.(ts|tsx)$/.test(name) && !/\.(test|spec)\.tsx?$/.test(name) && !name.endsWith('.d.ts');
}

/** The app's source files (tests and the test helpers excluded), relative to web/src. */
export function sourceFiles(dir: string = SOURCE_DIR): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'testing') files.push(...sourceFiles(path));
    } else if (isSourceFile(entry.name)) {
      files.push(path);
    }
  }
  return files.sort();
}

function literalText(node: ts.Node | undefined): string | undefined {
  if (node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node))) return node.text;
  return undefined;
}

function calleeName(expression: ts.Expression): string | undefined {
  if (ts.isIdentifier(expression)) return expression.text;
  // `i18n._('…')`, `i18n.t('…')`
  if (ts.isPropertyAccessExpression(expression) && ['_', 't'].includes(expression.name.text)) return 't';
  return undefined;
}

/** The message ids one file uses, each with where (for messages naming the place). */
export function extractIds(fileName: string, text: string): Array<{ id: string; at: string }> {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: Array<{ id: string; at: string }> = [];
  const where = (node: ts.Node) =>
    `${relative(WEB_ROOT, fileName)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node)) {
      const name = calleeName(node.expression);
      const id = literalText(node.arguments[0]);
      if (name && TRANSLATING_CALLS.has(name) && id !== undefined) found.push({ id, at: where(node) });
    }
    if (
      (ts.isJsxSelfClosingElement(node) || ts.isJsxOpeningElement(node)) &&
      node.tagName.getText() === 'Trans'
    ) {
      for (const attribute of node.attributes.properties) {
        if (!ts.isJsxAttribute(attribute) || attribute.name.getText() !== 'id') continue;
        const value = attribute.initializer;
        const id =
          value && ts.isJsxExpression(value)
            ? literalText(value.expression)
            : literalText(value ?? undefined);
        if (id !== undefined) found.push({ id, at: where(node) });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Every id the app uses, with its first place. */
export function collectIds(files: readonly string[] = sourceFiles()): Map<string, string> {
  const ids = new Map<string, string>();
  for (const file of files) {
    for (const { id, at } of extractIds(file, readFileSync(file, 'utf8'))) {
      if (!ids.has(id)) ids.set(id, at);
    }
  }
  return ids;
}

export interface SourceCatalogue {
  messages: Map<string, string>;
  /** Two files translating one id differently. */
  conflicts: string[];
}

/** The Spanish source catalogue, all area files merged. */
export function readSpanishSource(dir: string = SPANISH_SOURCE_DIR): SourceCatalogue {
  const messages = new Map<string, string>();
  const origin = new Map<string, string>();
  const conflicts: string[] = [];
  for (const name of readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .sort()) {
    const entries = JSON.parse(readFileSync(join(dir, name), 'utf8')) as Record<string, unknown>;
    for (const [id, translation] of Object.entries(entries)) {
      if (typeof translation !== 'string' || translation.trim() === '') {
        conflicts.push(`${name}: "${id}" has no Spanish text`);
        continue;
      }
      const earlier = messages.get(id);
      if (earlier !== undefined && earlier !== translation) {
        conflicts.push(`"${id}" is "${earlier}" in ${origin.get(id)} but "${translation}" in ${name}`);
        continue;
      }
      messages.set(id, translation);
      origin.set(id, name);
    }
  }
  return { messages, conflicts };
}

function sortedRecord<T>(entries: Iterable<[string, T]>): Record<string, T> {
  return Object.fromEntries([...entries].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** The names of a message's placeholders and plural/select arguments, sorted. */
export function argumentsOf(compiled: CompiledMessage): string[] {
  const names = new Set<string>();
  const walk = (tokens: CompiledMessage): void => {
    for (const token of tokens) {
      if (typeof token === 'string') continue;
      const [name, , choices] = token as [string, string?, Record<string, unknown>?];
      if (typeof name === 'string') names.add(name);
      if (choices && typeof choices === 'object') {
        for (const choice of Object.values(choices)) {
          if (Array.isArray(choice)) walk(choice as CompiledMessage);
        }
      }
    }
  };
  walk(compiled);
  return [...names].sort();
}

function isPlain(id: string, compiled: CompiledMessage): boolean {
  return compiled.length === 1 && compiled[0] === id;
}

/**
 * The English messages among `ids` that need compiling (placeholders, plurals), compiled; plain texts read as
 * their id and need nothing. Ids that are not valid ICU are left out (the catalogue test reports them).
 */
export function compiledEnglish(ids: Iterable<string>): Record<string, CompiledMessage> {
  const found: Array<[string, CompiledMessage]> = [];
  for (const id of ids) {
    try {
      const compiled = compileMessageOrThrow(id);
      if (!isPlain(id, compiled)) found.push([id, compiled]);
    } catch {
      // Reported by compileCatalogues.
    }
  }
  return sortedRecord(found);
}

export interface CompiledCatalogues {
  /** English: only the messages that need compiling (placeholders, plurals); the others read as their id. */
  en: Record<string, CompiledMessage>;
  /** Spanish: every translated message, and the English of ids still untranslated that need compiling. */
  es: Record<string, CompiledMessage>;
  /** Ids the code uses without a Spanish translation, with their place. */
  missing: string[];
  /** Problems that must stop the build: conflicts, ICU syntax errors, placeholder mismatches. */
  problems: string[];
}

export function compileCatalogues(
  ids: Map<string, string> = collectIds(),
  spanish: SourceCatalogue = readSpanishSource(),
): CompiledCatalogues {
  const problems = [...spanish.conflicts];
  const en = new Map<string, CompiledMessage>();
  const es = new Map<string, CompiledMessage>();
  const missing: string[] = [];
  const compile = (message: string, what: string): CompiledMessage | null => {
    try {
      return compileMessageOrThrow(message);
    } catch (error) {
      problems.push(`${what}: ${(error as Error).message}`);
      return null;
    }
  };
  const english = new Map<string, CompiledMessage>();
  for (const [id, at] of ids) {
    const compiled = compile(id, `${at} "${id}"`);
    if (!compiled) continue;
    english.set(id, compiled);
    if (!isPlain(id, compiled)) en.set(id, compiled);
    if (!spanish.messages.has(id)) missing.push(`${at} "${id}"`);
  }
  for (const [id, translation] of spanish.messages) {
    const compiled = compile(translation, `es "${id}"`);
    if (!compiled) continue;
    const source = english.get(id) ?? compile(id, `es id "${id}"`);
    if (source && argumentsOf(source).join() !== argumentsOf(compiled).join()) {
      problems.push(
        `es "${id}": placeholders {${argumentsOf(compiled).join(', ')}} differ from the English {${argumentsOf(source).join(', ')}}`,
      );
    }
    es.set(id, compiled);
  }
  // An id still untranslated that needs compiling reads in English, placeholders filled, in Spanish too.
  for (const [id, compiled] of en) if (!es.has(id)) es.set(id, compiled);
  return { en: sortedRecord(en), es: sortedRecord(es), missing, problems };
}

/** A compiled catalogue as the file holds it. */
export function catalogueFileText(catalogue: Record<string, CompiledMessage>): string {
  return `${JSON.stringify(catalogue, null, 1)}\n`;
}
