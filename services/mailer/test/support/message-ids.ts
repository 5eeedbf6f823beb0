import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/** The mailer's sources, whose translate calls are the catalogue's ids. */
export const MAILER_SRC = fileURLToPath(new URL('../../src/', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** A call of the translate function: `t(…)` or `<translator>.t(…)`. */
function isTranslateCall(node: ts.Node): node is ts.CallExpression {
  if (!ts.isCallExpression(node)) return false;
  const callee = node.expression;
  return (
    (ts.isIdentifier(callee) && callee.text === 't') ||
    (ts.isPropertyAccessExpression(callee) && callee.name.text === 't')
  );
}

/**
 * Every message id the mailer's source passes to its translate function, read with the TypeScript parser;
 * and every call whose id is not a string literal (which no catalogue check could follow), by place.
 */
export function extractMessageIds(): { ids: Set<string>; notLiteral: string[] } {
  const ids = new Set<string>();
  const notLiteral: string[] = [];
  for (const file of sources(MAILER_SRC)) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node): void => {
      if (isTranslateCall(node)) {
        const [first] = node.arguments;
        if (first && (ts.isStringLiteral(first) || ts.isNoSubstitutionTemplateLiteral(first)))
          ids.add(first.text);
        else {
          const { line } = source.getLineAndCharacterOfPosition(node.getStart());
          notLiteral.push(`${path.relative(MAILER_SRC, file)}:${line + 1}`);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return { ids, notLiteral };
}
