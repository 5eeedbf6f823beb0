import { z } from 'zod';
import { TASK_CATEGORIES } from '../values/venture.ts';

/*
 * Issue 21: one task guide as its content file holds it (`services/venture/content/guides/<id>-<slug>.yaml`).
 * The venture service validates every file with this schema at start; the content test suite adds the rules
 * that span guides (unknown prerequisites, cycles) and the editorial ones (sources, a number, tool or example).
 */

export const GUIDE_STAGES = ['idea', 'building', 'launched'] as const;
export type GuideStage = (typeof GUIDE_STAGES)[number];

export const GUIDE_EFFORT_UNITS = ['hours', 'days'] as const;
export type GuideEffortUnit = (typeof GUIDE_EFFORT_UNITS)[number];

/** The jurisdictions a guide may carry notes for, where the law differs. */
export const GUIDE_JURISDICTIONS = ['US', 'UK', 'EU'] as const;
export type GuideJurisdiction = (typeof GUIDE_JURISDICTIONS)[number];

const text = z.string().trim().min(1);

export const guideEffortSchema = z.strictObject({
  value: z.number().positive(),
  unit: z.enum(GUIDE_EFFORT_UNITS),
});
export type GuideEffort = z.output<typeof guideEffortSchema>;

export const guideSourceSchema = z.strictObject({
  title: text,
  /** An official or primary source: https only. */
  url: z.url({ protocol: /^https$/ }),
});
export type GuideSource = z.output<typeof guideSourceSchema>;

export const guideTemplateSchema = z.strictObject({
  title: text,
  /** The example itself (a filled-in sentence, a table in plain text, a script). */
  body: text,
});
export type GuideTemplate = z.output<typeof guideTemplateSchema>;

export const guideJurisdictionsSchema = z.strictObject({
  US: text.optional(),
  UK: text.optional(),
  EU: text.optional(),
});
export type GuideJurisdictions = z.output<typeof guideJurisdictionsSchema>;

/** A guide file. Unknown keys are refused, so a misspelt field name is an error, not a silent loss. */
export const taskGuideFileSchema = z.strictObject({
  id: z.number().int().positive(),
  category: z.enum(TASK_CATEGORIES),
  title: text,
  summary: text,
  why: text,
  practices: z.array(text).min(1),
  proTip: text,
  /** Ids of the guides to finish first (the standard prerequisite graph). */
  prerequisites: z.array(z.number().int().positive()),
  effort: guideEffortSchema,
  stage: z.enum(GUIDE_STAGES),
  /** Notes only where the law differs, each plainly labelled by its key. */
  jurisdictions: guideJurisdictionsSchema.optional(),
  /** Official or primary links; the content tests require one for every legal, tax or finance guide. */
  sources: z.array(guideSourceSchema),
  templates: z.array(guideTemplateSchema).optional(),
  /** The day an editor last checked the guide: 'YYYY-MM-DD'. */
  reviewedAt: z.iso.date(),
});
export type TaskGuideFile = z.output<typeof taskGuideFileSchema>;

/*
 * Issue 21: a guide's translation (`content/guides/<language>/<id>-<slug>.yaml`, the English file's name). It
 * holds only the text a reader sees; the facts (category, prerequisites, effort, stage, source urls) stay the
 * English file's, and the content tests check the two agree (same counts, same urls, same jurisdictions).
 */
export const taskGuideTranslationFileSchema = z.strictObject({
  id: z.number().int().positive(),
  title: text,
  summary: text,
  why: text,
  practices: z.array(text).min(1),
  proTip: text,
  jurisdictions: guideJurisdictionsSchema.optional(),
  /** The English sources with translated titles: the same urls, in the same order. */
  sources: z.array(guideSourceSchema),
  templates: z.array(guideTemplateSchema).optional(),
  /**
   * The English file's `reviewedAt` when this translation was made: once an editor reviews the English again,
   * the two dates differ and the content tests name the translation as stale.
   */
  translatedFrom: z.iso.date(),
});
export type TaskGuideTranslationFile = z.output<typeof taskGuideTranslationFileSchema>;
