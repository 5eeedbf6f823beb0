import type { TaskGuideFile } from '@app/contracts';

/*
 * Editorial rules of the guides (issue 21), checked by the content test suite rather than at start: every
 * guide carries something concrete (a number, a named tool or method, or a template), and the legal, tax and
 * finance guides cite at least one official or primary source.
 */

/** Named tools, methods and standard documents that count as concrete (case-sensitive, whole words). */
export const NAMED_TOOLS: readonly string[] = [
  'Amplitude',
  'Canva',
  'Capterra',
  'Carrd',
  'Carta',
  'Clerky',
  'Crunchbase',
  'Dependabot',
  'Discord',
  'EUIPO',
  'FAST',
  'Figma',
  'Framer',
  'G2',
  'GitHub',
  'Google Search Console',
  'Innovate UK',
  'Lean Canvas',
  'LinkedIn',
  'Mixpanel',
  'Mom Test',
  'PostHog',
  'QuickBooks',
  'Reddit',
  'Renovate',
  'RICE',
  'SAFE',
  'Sales Navigator',
  'SBIR',
  'Sentry',
  'Slack',
  'story mapping',
  'Stripe',
  'Trustpilot',
  'USPTO',
  'Van Westendorp',
  'Webflow',
  'WIPO',
  'Wizard of Oz',
  'Xero',
];

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const TOOL = new RegExp(`\\b(?:${NAMED_TOOLS.map(escape).join('|')})\\b`);

/** The guide's prose: what a founder reads. */
export function guideText(guide: TaskGuideFile): string {
  return [guide.title, guide.summary, guide.why, ...guide.practices, guide.proTip].join('\n');
}

/** What makes the guide concrete, or null: 'number', 'tool' or 'template'. */
export function concreteDetailOf(guide: TaskGuideFile): 'number' | 'tool' | 'template' | null {
  const text = guideText(guide);
  if (/\d/.test(text)) return 'number';
  if (TOOL.test(text)) return 'tool';
  if ((guide.templates ?? []).length > 0) return 'template';
  return null;
}

/** Problems of one guide under the editorial rules; `needsSource` for legal, tax and finance guides. */
export function editorialProblems(guide: TaskGuideFile, needsSource: boolean): string[] {
  const problems: string[] = [];
  if (concreteDetailOf(guide) === null) problems.push(`guide ${guide.id}: no number, named tool or template`);
  if (needsSource && guide.sources.length === 0)
    problems.push(`guide ${guide.id}: sources: a legal, tax or finance guide needs at least one`);
  return problems;
}
