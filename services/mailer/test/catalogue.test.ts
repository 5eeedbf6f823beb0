import { describe, expect, it } from '@jest/globals';
import {
  REMINDER_KINDS,
  REMINDER_LABELS,
  riskReasonText,
  RISK_REASON_KINDS,
  senderNameFor,
  TASK_STATUSES,
  TASK_STATUS_LABELS,
} from '@app/contracts';
import { compileMessageOrThrow, type CompiledMessage } from '@lingui/message-utils/compileMessage';
import { reminderLabel, statusLabel, ventureRoleLabel } from '../src/i18n/labels.ts';
import { riskReason, riskReasonFromText } from '../src/i18n/risk-reasons.ts';
import { SPANISH_CATALOGUE, translatorFor } from '../src/i18n/translator.ts';
import { extractMessageIds } from './support/message-ids.ts';

/*
 * Issue 21: the Spanish catalogue against the mailer's source. Every id a translate call names (read from
 * the source with the TypeScript parser) has a translation; the catalogue holds nothing else; each
 * translation is valid ICU MessageFormat with the same placeholders as its id (and the same choices of a
 * `select`: plural categories differ between languages on purpose).
 */

/** Each placeholder of a compiled message, `name` or `name:type`, and each select's `name=case`. */
function shape(message: CompiledMessage, into = new Set<string>()): Set<string> {
  for (const token of message) {
    if (typeof token === 'string') continue;
    const [name, type, format] = token;
    into.add(type ? `${name}:${type}` : name);
    if (format && typeof format === 'object' && !Array.isArray(format)) {
      for (const [key, branch] of Object.entries(format as Record<string, unknown>)) {
        if (key === 'offset' || !Array.isArray(branch)) continue;
        if (type === 'select') into.add(`${name}=${key}`);
        shape(branch as CompiledMessage, into);
      }
    }
  }
  return into;
}

const sorted = (set: Set<string>) => [...set].sort();

describe('the Spanish catalogue (src/i18n/es.json)', () => {
  const { ids, notLiteral } = extractMessageIds();

  it('finds the mailer’s messages, each named by a string literal', () => {
    expect(notLiteral).toEqual([]);
    // A sanity floor: the extraction reads the source (it would find none if the call shape changed).
    expect(ids.size).toBeGreaterThan(100);
    expect(ids).toContain('— The Venture Roadmap team');
  });

  it('has a translation of every id the mailer uses, and nothing else', () => {
    const catalogue = new Set(Object.keys(SPANISH_CATALOGUE));
    expect([...ids].filter((id) => !catalogue.has(id))).toEqual([]);
    expect([...catalogue].filter((id) => !ids.has(id))).toEqual([]);
  });

  it('each translation is valid ICU with the placeholders (and select cases) of its id, and is not the English text', () => {
    const mismatches: string[] = [];
    for (const [id, text] of Object.entries(SPANISH_CATALOGUE)) {
      const expected = sorted(shape(compileMessageOrThrow(id)));
      const actual = sorted(shape(compileMessageOrThrow(text)));
      if (JSON.stringify(expected) !== JSON.stringify(actual))
        mismatches.push(`${id}: ${expected.join(',')} ≠ ${actual.join(',')}`);
    }
    expect(mismatches).toEqual([]);
    // Only texts without words of their own (a label and names) may read the same in Spanish.
    const untranslated = Object.entries(SPANISH_CATALOGUE).filter(
      ([id, text]) => id === text && /[a-z]{3}/i.test(id.replace(/\{[^}]*\}/g, '')),
    );
    expect(untranslated.map(([id]) => id)).toEqual(['Editor']);
  });

  it('the shape check catches a dropped or renamed placeholder and a missing select case', () => {
    const id = '{actor} moved "{taskTitle}" to {status} ({ventureName})';
    const of = (text: string) => sorted(shape(compileMessageOrThrow(text)));
    expect(of('{actor} movió "{taskTitle}" a {status}')).not.toEqual(of(id));
    expect(of('{actor} movió "{title}" a {status} ({ventureName})')).not.toEqual(of(id));
    const select = '{role, select, editor {an Editor} owner {an Owner} other {a Viewer}}';
    expect(of('{role, select, editor {editor} other {lector}}')).not.toEqual(of(select));
  });
});

describe('English messages are the contracts’ texts word for word', () => {
  const en = translatorFor('en');

  it('status, reminder and role labels', () => {
    for (const status of TASK_STATUSES) expect(statusLabel(en, status)).toBe(TASK_STATUS_LABELS[status]);
    for (const kind of REMINDER_KINDS) expect(reminderLabel(en, kind)).toBe(REMINDER_LABELS[kind]);
    expect(['owner', 'editor', 'viewer'].map((r) => ventureRoleLabel(en, r as 'owner'))).toEqual([
      'Owner',
      'Editor',
      'Viewer',
    ]);
  });

  it('at-risk reasons (written from kind and value, or read back from their text)', () => {
    for (const kind of RISK_REASON_KINDS) {
      for (const value of [0, 1, 2, 14, 1234]) {
        const text = riskReasonText({ kind, value });
        expect(riskReason(en, { kind, value })).toBe(text);
        expect(riskReasonFromText(en, text)).toBe(text);
      }
    }
    expect(riskReasonFromText(translatorFor('es'), 'blocked for 1 day')).toBe('bloqueada desde hace 1 día');
    expect(riskReasonFromText(translatorFor('es'), 'a reason of another shape')).toBe(
      'a reason of another shape',
    );
  });

  it('the From name of a branded e-mail', () => {
    expect(en.t('{name} via Venture Roadmap', { name: 'Northgate Lab' })).toBe(
      senderNameFor('Northgate Lab'),
    );
    expect(translatorFor('es').t('{name} via Venture Roadmap', { name: 'Northgate Lab' })).toBe(
      'Northgate Lab vía Venture Roadmap',
    );
  });
});

describe('formats per language', () => {
  it('English keeps its formats; Spanish writes dates and numbers in its locale', () => {
    const en = translatorFor('en');
    const es = translatorFor('es');
    expect(translatorFor(undefined)).toBe(en);
    expect(en.instant('2026-12-01T10:00:00.000Z')).toBe('Tue, 01 Dec 2026 10:00:00 GMT');
    expect(es.instant('2026-12-01T10:00:00.000Z')).toBe('martes, 1 de diciembre de 2026, 10:00 (UTC)');
    expect(en.longDate('2027-03-11')).toBe('Thursday, 11 March 2027');
    expect(es.longDate('2027-03-11')).toBe('jueves, 11 de marzo de 2027');
    expect([en.day('2026-11-26'), es.day('2026-11-26')]).toEqual(['2026-11-26', '26 de noviembre de 2026']);
    expect([en.number(34.5), es.number(34.5), en.number(12345), es.number(12345)]).toEqual([
      '34.5',
      '34,5',
      '12345',
      '12.345',
    ]);
  });
});
