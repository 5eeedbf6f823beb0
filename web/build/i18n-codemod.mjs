// One-off helper for issue 21 (not part of the build): wraps a component file's plain texts in t()/msg().
// Usage: node web/build/i18n-codemod.mjs <file...>; prints what it left for a person to convert.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import ts from 'typescript';

const TEXT_ATTRIBUTES = new Set([
  'title',
  'placeholder',
  'alt',
  'label',
  'aria-label',
  'aria-description',
  'tooltip',
  'content',
  'description',
  'message',
  'okText',
  'cancelText',
  'extra',
  'help',
  'emptyText',
  'subTitle',
  'text',
  'heading',
  'caption',
  'summary',
  'fallback',
]);
const TEXT_KEYS = new Set([
  'title',
  'content',
  'message',
  'description',
  'label',
  'placeholder',
  'okText',
  'cancelText',
  'tooltip',
  'help',
  'text',
  'emptyText',
  'subTitle',
  'heading',
  'caption',
  'summary',
  'aria-label',
  'ariaLabel',
]);
const LETTER = /\p{L}/u;
const I18N = '/work/wt-i18n/web/src/i18n/i18n';

function decode(text) {
  return text
    .replace(/&apos;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&nbsp;/g, '\u00a0')
    .replace(/&rsquo;/g, '\u2019')
    .replace(/&ldquo;/g, '\u201c')
    .replace(/&rdquo;/g, '\u201d')
    .replace(/&mdash;/g, '\u2014')
    .replace(/&hellip;/g, '\u2026')
    .replace(/&amp;/g, '&');
}
function collapse(raw) {
  const lines = raw.split('\n');
  const out = [];
  lines.forEach((line, i) => {
    let l = line;
    if (i > 0) l = l.replace(/^[ \t]+/, '');
    if (i < lines.length - 1) l = l.replace(/[ \t]+$/, '');
    if (l !== '') out.push(l);
  });
  return decode(out.join(' '));
}
const quote = (s) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

for (const file of process.argv.slice(2)) {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const edits = [];
  const manual = [];
  const componentsUsingT = new Set();
  let usesMsg = false;
  const line = (node) => source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
  const enclosingFunction = (node) => {
    for (let n = node.parent; n; n = n.parent) {
      if (
        ts.isFunctionDeclaration(n) ||
        ts.isArrowFunction(n) ||
        ts.isFunctionExpression(n) ||
        ts.isMethodDeclaration(n)
      ) {
        // the outermost function that is a component (capitalised name)
        let top = null;
        for (let m = n; m; m = m.parent) {
          if (ts.isFunctionDeclaration(m) && m.name && /^[A-Z]/.test(m.name.text)) top = m;
          if (
            (ts.isArrowFunction(m) || ts.isFunctionExpression(m)) &&
            ts.isVariableDeclaration(m.parent) &&
            ts.isIdentifier(m.parent.name) &&
            /^[A-Z]/.test(m.parent.name.text)
          )
            top = m;
        }
        return top ?? 'non-component';
      }
    }
    return null;
  };
  const wrapT = (node, str, start, end, asJsx) => {
    const fn = enclosingFunction(node);
    if (fn && fn !== 'non-component') {
      componentsUsingT.add(fn);
      edits.push([start, end, asJsx ? `{t(${quote(str)})}` : `t(${quote(str)})`]);
    } else {
      usesMsg = true;
      edits.push([start, end, asJsx ? `{msg(${quote(str)})}` : `msg(${quote(str)})`]);
      manual.push(`${file}:${line(node)} msg(${quote(str)}) defined outside a component: t() it where shown`);
    }
  };
  const visit = (node) => {
    if (ts.isJsxText(node) && LETTER.test(node.text)) {
      const raw = node.text;
      const siblings = node.parent.children ?? [];
      const alone = siblings.length === 1;
      const ownLines = /^\s*\n/.test(raw) && /\n\s*$/.test(raw);
      if (alone || ownLines) {
        wrapT(node, collapse(raw), node.getStart(), node.getEnd(), true);
      } else {
        manual.push(`${file}:${line(node)} mixed JSX text: ${JSON.stringify(raw.trim().slice(0, 70))}`);
      }
    }
    if (ts.isJsxAttribute(node) && TEXT_ATTRIBUTES.has(node.name.getText())) {
      const init = node.initializer;
      if (init && ts.isStringLiteral(init) && LETTER.test(init.text))
        wrapT(node, init.text, init.getStart(), init.getEnd(), true);
      else if (
        init &&
        ts.isJsxExpression(init) &&
        init.expression &&
        (ts.isStringLiteral(init.expression) || ts.isNoSubstitutionTemplateLiteral(init.expression)) &&
        LETTER.test(init.expression.text)
      )
        wrapT(node, init.expression.text, init.expression.getStart(), init.expression.getEnd(), false);
      else if (
        init &&
        ts.isJsxExpression(init) &&
        init.expression &&
        ts.isTemplateExpression(init.expression)
      )
        manual.push(`${file}:${line(node)} template in ${node.name.getText()}`);
    }
    if (
      ts.isPropertyAssignment(node) &&
      (ts.isIdentifier(node.name) || ts.isStringLiteral(node.name)) &&
      TEXT_KEYS.has(node.name.text)
    ) {
      const v = node.initializer;
      if ((ts.isStringLiteral(v) || ts.isNoSubstitutionTemplateLiteral(v)) && LETTER.test(v.text))
        wrapT(node, v.text, v.getStart(), v.getEnd(), false);
      else if (ts.isTemplateExpression(v)) manual.push(`${file}:${line(node)} template in ${node.name.text}`);
    }
    if (
      ts.isCallExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'failureText'
    ) {
      const v = node.arguments[1];
      if (v && ts.isStringLiteral(v) && LETTER.test(v.text))
        wrapT(node, v.text, v.getStart(), v.getEnd(), false);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  if (edits.length === 0) {
    for (const m of manual) console.log('MANUAL', m);
    continue;
  }
  // const t = useT(); at the top of each component body using t, unless it has one
  for (const fn of componentsUsingT) {
    const body = fn.body;
    if (!body || !ts.isBlock(body)) {
      manual.push(`${file}:${line(fn)} component with expression body uses t`);
      continue;
    }
    if (/const t = useT\(\)/.test(body.getText())) continue;
    edits.push([body.getStart() + 1, body.getStart() + 1, '\n  const t = useT();']);
  }
  edits.sort((a, b) => b[0] - a[0]);
  let out = text;
  for (const [s, e, r] of edits) out = out.slice(0, s) + r + out.slice(e);
  const names = [...(componentsUsingT.size ? ['useT'] : []), ...(usesMsg ? ['msg'] : [])];
  let rel = relative(dirname(file), I18N);
  if (!rel.startsWith('.')) rel = './' + rel;
  const existing = out.match(
    new RegExp(`import \\{([^}]*)\\} from '${rel.replace(/[./]/g, (c) => '\\' + c)}';`),
  );
  if (existing) {
    const have = existing[1]
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const all = [...new Set([...have, ...names])].sort();
    out = out.replace(existing[0], `import { ${all.join(', ')} } from '${rel}';`);
  } else if (names.length) {
    // after the last import
    const imports = [...out.matchAll(/^import [^;]+;\n/gm)];
    const last = imports.at(-1);
    const at = last ? last.index + last[0].length : 0;
    out = out.slice(0, at) + `import { ${names.sort().join(', ')} } from '${rel}';\n` + out.slice(at);
  }
  writeFileSync(file, out);
  for (const m of manual) console.log('MANUAL', m);
  console.log(`converted ${file}: ${edits.length} edits`);
}
