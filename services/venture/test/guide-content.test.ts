import { afterAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { taskGuideFileSchema, type TaskGuideFile } from '@app/contracts';
import { dump } from 'js-yaml';
import {
  GUIDES_DIR,
  GuideContentError,
  guideSetProblems,
  loadGuideFiles,
  parseGuideFile,
} from '../src/content/guide-files.ts';
import { concreteDetailOf, editorialProblems } from '../src/content/guide-rules.ts';

/*
 * The content test suite (issue 21): the guide files as they are in the repository, and proof that each rule
 * catches what it is meant to catch.
 */

/** The legal, tax and finance guides: each must cite at least one official or primary source. */
const LEGAL_TAX_FINANCE: ReadonlyArray<[number, string]> = [
  [11, 'Check regulations and legal risks in your market'],
  [15, "Sign a founders' agreement with vesting"],
  [16, 'Choose your legal entity and jurisdiction'],
  [17, 'Incorporate and set up company banking'],
  [18, 'Assign intellectual property to the company'],
  [19, 'Set up your cap table and option pool'],
  [20, 'Secure your name, domain and trademark'],
  [21, 'Formalize agreements with advisors and contractors'],
  [22, 'Publish your privacy policy and terms of service'],
  [37, 'Set up bookkeeping and financial controls'],
  [38, 'Apply for grants and non-dilutive funding'],
  [39, 'Decide how much to raise and with which instrument'],
  [42, 'Run the fundraise and close the round'],
  // Issue 21: consumer law, cancellation and disclosure rules now cited where they apply.
  [9, 'Run a landing-page smoke test'],
  [32, 'Run a private beta with design partners'],
  [43, 'Set your pricing and packaging'],
];
const needsSource = new Set(LEGAL_TAX_FINANCE.map(([id]) => id));

const guides = loadGuideFiles();

describe('the guide files in content/guides', () => {
  it('are 50 valid guides, ids 1 to 50, one file each named <id>-<slug>.yaml', () => {
    expect(guides.map((guide) => guide.id)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    // The translations live in sub-folders (content/guides/es/), checked by guide-translations.test.ts.
    const files = readdirSync(GUIDES_DIR, { withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => entry.name)
      .sort();
    expect(files).toHaveLength(50);
    for (const file of files) expect(file).toMatch(/^\d{2}-[a-z0-9-]+\.yaml$/);
  });

  it('form an acyclic prerequisite graph naming only existing guides', () => {
    expect(guideSetProblems(guides)).toEqual([]);
    expect(guides.reduce((edges, guide) => edges + guide.prerequisites.length, 0)).toBeGreaterThan(0);
  });

  it('never have founders collect personal data, take money or sign contracts before the company, the privacy notice or the books exist', () => {
    const byId = new Map(guides.map((guide) => [guide.id, guide]));
    const before = (id: number): Set<number> => {
      const seen = new Set<number>();
      const visit = (next: number) => {
        for (const prerequisite of byId.get(next)!.prerequisites) {
          if (!seen.has(prerequisite)) {
            seen.add(prerequisite);
            visit(prerequisite);
          }
        }
      };
      visit(id);
      return seen;
    };
    const COMPANY = 17;
    const PRIVACY_NOTICE = 22;
    const BOOKKEEPING = 37;
    // The smoke test and the beta collect personal data; willingness to pay takes money; the founders' shares,
    // advisors' grants and the raise are contracts of the company.
    expect([...before(9)]).toEqual(expect.arrayContaining([PRIVACY_NOTICE, COMPANY]));
    expect([...before(32)]).toEqual(expect.arrayContaining([PRIVACY_NOTICE, COMPANY]));
    expect([...before(10)]).toEqual(expect.arrayContaining([PRIVACY_NOTICE, COMPANY, BOOKKEEPING]));
    expect([...before(15)]).toContain(COMPANY);
    expect([...before(21)]).toContain(COMPANY);
    expect([...before(42)]).toContain(COMPANY);
  });

  it('name the legal, tax and finance guides right, and each cites at least one https source', () => {
    for (const [id, title] of LEGAL_TAX_FINANCE) {
      const guide = guides.find((g) => g.id === id)!;
      expect({ id, title: guide.title }).toEqual({ id, title });
      expect({ id, sources: guide.sources.length > 0 }).toEqual({ id, sources: true });
    }
  });

  it('each carry a number, a named tool or a template, an effort estimate, a stage and a review date', () => {
    const problems = guides.flatMap((guide) => editorialProblems(guide, needsSource.has(guide.id)));
    expect(problems).toEqual([]);
    for (const guide of guides) {
      expect(guide.effort.value).toBeGreaterThan(0);
      expect(['idea', 'building', 'launched']).toContain(guide.stage);
      expect(guide.reviewedAt).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });
});

// ---- Each rule fails where it should ----------------------------------------------------------------------

const valid = (overrides: Partial<TaskGuideFile> = {}): TaskGuideFile => ({
  ...guides[0]!,
  ...overrides,
});
const text = (guide: object) => dump(guide, { lineWidth: -1 });

describe('a guide file is refused', () => {
  it('when it lacks a required field, naming the file and the field', () => {
    const { effort: _effort, ...withoutEffort } = valid();
    const read = parseGuideFile('01-write-a-clear-problem-statement.yaml', text(withoutEffort));
    expect(read.guide).toBeNull();
    expect(read.problems).toEqual([
      expect.stringMatching(/^01-write-a-clear-problem-statement\.yaml: effort: /),
    ]);
    for (const field of ['title', 'sources', 'reviewedAt', 'stage', 'prerequisites'] as const) {
      const broken: Record<string, unknown> = { ...valid() };
      delete broken[field];
      expect(taskGuideFileSchema.safeParse(broken).success).toBe(false);
    }
  });

  it('when a field has the wrong shape, an unknown key, or the id differs from the file name', () => {
    const wrongUnit = parseGuideFile('01-a.yaml', text({ ...valid(), effort: { value: 2, unit: 'weeks' } }));
    expect(wrongUnit.problems).toEqual([expect.stringMatching(/^01-a\.yaml: effort\.unit: /)]);
    const badUrl = parseGuideFile(
      '01-a.yaml',
      text({ ...valid(), sources: [{ title: 'IRS', url: 'http://www.irs.gov/' }] }),
    );
    expect(badUrl.problems).toEqual([expect.stringMatching(/^01-a\.yaml: sources\.0\.url: /)]);
    const misspelt = parseGuideFile('01-a.yaml', text({ ...valid(), protip: 'x' }));
    expect(misspelt.problems).toEqual([expect.stringMatching(/^01-a\.yaml: \(the file\): .*protip/)]);
    expect(parseGuideFile('02-a.yaml', text(valid())).problems).toEqual([
      "02-a.yaml: id: 1 does not match the file name's 2",
    ]);
    expect(parseGuideFile('guide.yaml', text(valid())).problems).toEqual([
      'guide.yaml: the file name must be <id>-<slug>.yaml',
    ]);
    expect(parseGuideFile('01-a.yaml', 'id: [1').problems).toEqual([
      expect.stringMatching(/^01-a\.yaml: not valid YAML: /),
    ]);
  });
});

describe('the set of guides is refused', () => {
  const a = valid({ id: 1, prerequisites: [] });
  it('when a prerequisite names an unknown guide', () => {
    expect(guideSetProblems([a, valid({ id: 2, prerequisites: [1, 99] })])).toEqual([
      "guide 2: prerequisites: 99 is no guide's id",
    ]);
  });

  it('when prerequisites form a cycle (or a guide needs itself)', () => {
    expect(
      guideSetProblems([
        valid({ id: 1, prerequisites: [3] }),
        valid({ id: 2, prerequisites: [1] }),
        valid({ id: 3, prerequisites: [2] }),
      ]),
    ).toEqual(['guide 2: prerequisites: cycle 1 → 3 → 2 → 1']);
    expect(guideSetProblems([valid({ id: 1, prerequisites: [1] })])).toEqual([
      'guide 1: prerequisites: cycle 1 → 1',
    ]);
  });

  it('when two files carry the same id', () => {
    expect(guideSetProblems([a, a])).toEqual(['guide 1: id: used by two files']);
  });
});

describe('the editorial rules', () => {
  const plain = valid({
    title: 'Write it down',
    summary: 'Say what you do.',
    why: 'It helps. It really does.',
    practices: ['Write it.'],
    proTip: 'Keep it short.',
    templates: undefined,
    sources: [],
  });

  it('fail a guide with no number, no named tool and no template', () => {
    expect(concreteDetailOf(plain)).toBeNull();
    expect(editorialProblems(plain, false)).toEqual(['guide 1: no number, named tool or template']);
    expect(concreteDetailOf({ ...plain, practices: ['Sketch it in Figma.'] })).toBe('tool');
    expect(concreteDetailOf({ ...plain, proTip: 'Keep it under 20 words.' })).toBe('number');
    expect(concreteDetailOf({ ...plain, templates: [{ title: 'Example', body: 'We help X do Y.' }] })).toBe(
      'template',
    );
  });

  it('fail a legal, tax or finance guide without a source', () => {
    const withTool = { ...plain, practices: ['File it with the USPTO.'] };
    expect(editorialProblems(withTool, true)).toEqual([
      'guide 1: sources: a legal, tax or finance guide needs at least one',
    ]);
    expect(
      editorialProblems({ ...withTool, sources: [{ title: 'USPTO', url: 'https://www.uspto.gov/' }] }, true),
    ).toEqual([]);
  });
});

describe('loading a folder', () => {
  const dir = mkdtempSync(join(tmpdir(), 'guides-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('throws one error listing every problem, each naming its file or guide and field', () => {
    writeFileSync(join(dir, '01-first.yaml'), readFileSync(join(GUIDES_DIR, readdirSync(GUIDES_DIR)[0]!)));
    writeFileSync(join(dir, '02-second.yaml'), text({ ...valid({ id: 2, prerequisites: [7] }) }));
    writeFileSync(join(dir, '03-third.yaml'), text({ ...valid({ id: 3 }), stage: 'someday' }));
    let error: unknown;
    try {
      loadGuideFiles(dir);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(GuideContentError);
    expect((error as GuideContentError).problems).toEqual([
      expect.stringMatching(/^03-third\.yaml: stage: /),
      "guide 2: prerequisites: 7 is no guide's id",
    ]);
    expect((error as Error).message).toContain('03-third.yaml: stage:');
  });
});
