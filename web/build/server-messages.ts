/**
 * Issue 21: the messages the services and the contracts write (error bodies, validation problems, success
 * messages), which the app shows through `failureText`/`serverMessageOf` and the toasts, translating them
 * by their English text. This finds them in the source, so the catalogue test can require a Spanish translation
 * for each: the `message` of every `AppError` and of every contract validation rule.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { WEB_ROOT } from './catalogues.ts';

const REPO = join(WEB_ROOT, '..');

/** Where server-written texts live: every service's and the gateway's source, and the contracts. */
export const SERVER_SOURCE_DIRS = ['contracts/src', 'gateway/src', 'services'].map((dir) => join(REPO, dir));

function files(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'test' || entry.name === 'dist') continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...files(path));
    else if (/\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) && !entry.name.endsWith('.d.ts'))
      found.push(path);
  }
  return found;
}

/** A string literal's text; a template's with `{…}` for each value, which no catalogue can match, so skipped. */
function text(node: ts.Node | undefined): string | undefined {
  if (!node) return undefined;
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  return undefined;
}

const isSentence = (value: string | undefined): value is string =>
  value !== undefined && /^[A-Z"]/.test(value) && /\s/.test(value) && !/^[A-Z_]+\.[A-Z_]+$/.test(value);

/** The user-facing messages one file writes. */
export function serverMessagesIn(fileName: string, source: string): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isNewExpression(node) && node.expression.getText() === 'AppError') {
      const message = text(node.arguments?.[2]);
      if (isSentence(message)) found.push(message);
    }
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const owner = node.expression.expression.getText();
      const method = node.expression.name.text;
      // AppError.notFound('…'), AppError.badRequest('…')
      if (owner === 'AppError' && isSentence(text(node.arguments[0]))) found.push(text(node.arguments[0])!);
      // zod: .min(1, '…'), .max(n, '…'), .regex(/…/, '…'), .refine(fn, '…')
      if (['min', 'max', 'length', 'regex', 'refine', 'email', 'url'].includes(method)) {
        for (const argument of node.arguments) if (isSentence(text(argument))) found.push(text(argument)!);
      }
    }
    // { message: '…' } anywhere in the server code and the contracts; `const X = '…'` message constants
    if (ts.isPropertyAssignment(node) && ['message', 'error'].includes(node.name.getText())) {
      const message = text(node.initializer);
      if (isSentence(message)) found.push(message);
    }
    if (
      ts.isVariableDeclaration(node) &&
      /(MESSAGE|INVALID|REQUIRED|TOO_|_SHORT|_LONG)/.test(node.name.getText()) &&
      isSentence(text(node.initializer))
    ) {
      found.push(text(node.initializer)!);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** Every server message, with the first file that writes it. */
export function collectServerMessages(): Map<string, string> {
  const messages = new Map<string, string>();
  for (const dir of SERVER_SOURCE_DIRS) {
    for (const file of files(dir)) {
      for (const message of serverMessagesIn(file, readFileSync(file, 'utf8'))) {
        if (!messages.has(message)) messages.set(message, relative(REPO, file));
      }
    }
  }
  return messages;
}
