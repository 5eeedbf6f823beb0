import type { RiskReason } from '@app/contracts';
import type { Translator } from './translator.ts';

/**
 * An at-risk reason in the recipient's language. The English messages are `riskReasonText` of the
 * contracts word for word (the producer's texts; `test/catalogue.test.ts` compares them).
 */
export function riskReason(tr: Translator, reason: RiskReason): string {
  const values = { count: reason.value, n: tr.number(reason.value) };
  switch (reason.kind) {
    case 'inactive':
      return tr.t('{count, plural, one {no activity for {n} day} other {no activity for {n} days}}', values);
    case 'overdue':
      return tr.t('{count, plural, one {{n} task overdue} other {{n} tasks overdue}}', values);
    case 'blocked':
      return tr.t('{count, plural, one {blocked for {n} day} other {blocked for {n} days}}', values);
    case 'belowMedian':
      // Plural in the id only so that the translation may be (English says "1 points", as it always did).
      return tr.t('{count, plural, other {{n} points below the cohort median at mid-program}}', values);
  }
}

/** The shapes of `riskReasonText`, read back into the reason they state. */
const READ_BACK: ReadonlyArray<[RegExp, RiskReason['kind']]> = [
  [/^no activity for (\d+) days?$/, 'inactive'],
  [/^(\d+) tasks? overdue$/, 'overdue'],
  [/^blocked for (\d+) days?$/, 'blocked'],
  [/^(\d+) points below the cohort median at mid-program$/, 'belowMedian'],
];

/**
 * A reason the event carries only as its English text (`program.digest_due`'s `atRisk[].reasons`), in the
 * recipient's language: read back into its kind and value, then written again. A text of another shape
 * (none today) stays as it came.
 */
export function riskReasonFromText(tr: Translator, text: string): string {
  for (const [shape, kind] of READ_BACK) {
    const match = shape.exec(text);
    if (match) return riskReason(tr, { kind, value: Number(match[1]) });
  }
  return text;
}
