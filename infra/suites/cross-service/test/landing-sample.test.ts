// Issue 21: the landing page's sample roadmap shows real tasks (it named "Interview 20 potential customers",
// which no roadmap has). Both are read as text: the web app and the venture service's content stay apart.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const guidesDir = path.join(repoRoot, 'services/venture/content/guides');

const unquote = (text: string) => text.replace(/^['"]|['"]$/g, '');

function titleOf(text: string): string | undefined {
  const title = /^title: (.+)$/m.exec(text)?.[1]?.trim();
  return title === undefined ? undefined : unquote(title);
}

function guideTitles(): Map<string, string> {
  const titles = new Map<string, string>();
  for (const file of readdirSync(guidesDir).filter((name) => name.endsWith('.yaml'))) {
    const text = readFileSync(path.join(guidesDir, file), 'utf8');
    const title = titleOf(text);
    const category = /^category: (.+)$/m
      .exec(text)?.[1]
      ?.trim()
      .replace(/^['"]|['"]$/g, '');
    if (title && category) titles.set(title, category);
  }
  return titles;
}

function landingSamples(): Array<{ title: string; category: string }> {
  const landing = readFileSync(path.join(repoRoot, 'web/src/features/landing/landing-content.ts'), 'utf8');
  const heroTasks = landing.slice(landing.indexOf('tasks: ['), landing.indexOf('] as const'));
  return [...heroTasks.matchAll(/title: msg\('([^']+)'\),\s*category: '([^']+)'/g)].map((m) => ({
    title: m[1]!,
    category: m[2]!,
  }));
}

it('every sample task on the landing page is a real task of the roadmap, in its own category', () => {
  const samples = landingSamples();
  expect(samples.length).toBe(4);
  const titles = guideTitles();
  expect(titles.size).toBe(50);
  for (const sample of samples)
    expect({ ...sample, found: titles.get(sample.title) }).toEqual({ ...sample, found: sample.category });
});

it('in Spanish, every sample task reads as the Spanish guide of that task titles it', () => {
  const englishFile = new Map<string, string>();
  for (const file of readdirSync(guidesDir).filter((name) => name.endsWith('.yaml'))) {
    const title = titleOf(readFileSync(path.join(guidesDir, file), 'utf8'));
    if (title) englishFile.set(title, file);
  }
  const catalogue = JSON.parse(
    readFileSync(path.join(repoRoot, 'web/src/i18n/catalogues/es/public.json'), 'utf8'),
  ) as Record<string, string>;
  for (const { title } of landingSamples()) {
    const spanishGuide = titleOf(readFileSync(path.join(guidesDir, 'es', englishFile.get(title)!), 'utf8'));
    expect({ title, spanish: catalogue[title] }).toEqual({ title, spanish: spanishGuide });
  }
});
