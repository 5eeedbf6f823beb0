/**
 * Collation (issue 22): string comparison by a locale's rules, as MongoDB's `collation` option asks for it
 * on find, count, distinct, update, delete, findAndModify and aggregate. Node's ICU (`Intl.Collator`) is the
 * same library MongoDB compares with, so strengths 1-3, `caseFirst` and `numericOrdering` order and equate
 * strings as the server does. What it cannot honour exactly (strengths 4-5, `caseLevel`, `alternate:
 * "shifted"`, `backwards`, `normalization`) is refused by name, never approximated.
 *
 * Only strings are collated: every other type keeps MongoDB's binary comparison (compare.ts).
 */
import { err } from '../errors.ts';
import { isPlainObject, type Doc } from './values.ts';

export interface Collation {
  locale: string;
  strength: 1 | 2 | 3;
  /** Compares two strings by the collation: negative, zero (equal under it) or positive. */
  compare(a: string, b: string): number;
}

const SENSITIVITY = { 1: 'base', 2: 'accent', 3: 'variant' } as const;

const KNOWN_FIELDS = new Set([
  'locale',
  'strength',
  'caseLevel',
  'caseFirst',
  'numericOrdering',
  'alternate',
  'maxVariable',
  'normalization',
  'backwards',
  'version',
]);

function invalid(spec: Doc, why: string): Error {
  return err('BadValue', `${why} in collation ${JSON.stringify(spec)}`);
}

function refused(option: string): Error {
  return err('NotImplemented', `collation option ${option} is not supported by the embedded engine`);
}

/**
 * The collation a command asks for, or null for the simple (binary) one: absent, null, `{}` is not valid
 * (MongoDB requires a locale), `{ locale: 'simple' }` is binary.
 */
export function parseCollation(raw: unknown): Collation | null {
  if (raw === undefined || raw === null) return null;
  if (!isPlainObject(raw))
    throw err('TypeMismatch', "BSON field 'collation' is the wrong type, expected type 'object'");
  for (const key of Object.keys(raw)) {
    if (!KNOWN_FIELDS.has(key)) throw err('FailedToParse', `unknown collation spec field: ${key}`);
  }
  const { locale } = raw;
  if (typeof locale !== 'string') throw err('FailedToParse', "missing required collation field 'locale'");
  if (locale === 'simple') {
    if (Object.keys(raw).length > 1) throw invalid(raw, "The 'simple' locale takes no other options");
    return null;
  }
  let supported: string[];
  try {
    supported = Intl.Collator.supportedLocalesOf(locale.replace(/_/g, '-'));
  } catch {
    supported = [];
  }
  if (!supported.length) throw invalid(raw, `Field 'locale' is invalid`);

  const strength = raw.strength ?? 3;
  if (typeof strength !== 'number' || !Number.isInteger(strength) || strength < 1 || strength > 5)
    throw invalid(raw, 'strength must be an integer 1 through 5');
  if (strength > 3) throw refused(`strength ${strength}`);
  if (raw.caseLevel === true) throw refused('caseLevel');
  if (raw.alternate !== undefined && raw.alternate !== 'non-ignorable') {
    if (raw.alternate === 'shifted') throw refused('alternate "shifted"');
    throw invalid(raw, "alternate must be 'non-ignorable' or 'shifted'");
  }
  if (raw.maxVariable !== undefined) throw refused('maxVariable');
  if (raw.normalization === true) throw refused('normalization');
  if (raw.backwards === true) throw refused('backwards');
  const caseFirst = raw.caseFirst ?? 'off';
  if (caseFirst !== 'off' && caseFirst !== 'upper' && caseFirst !== 'lower')
    throw invalid(raw, "caseFirst must be 'upper', 'lower' or 'off'");
  if (raw.numericOrdering !== undefined && typeof raw.numericOrdering !== 'boolean')
    throw invalid(raw, 'numericOrdering must be true or false');

  const collator = new Intl.Collator(supported[0], {
    usage: 'sort',
    sensitivity: SENSITIVITY[strength as 1 | 2 | 3],
    caseFirst: caseFirst === 'off' ? 'false' : caseFirst,
    numeric: raw.numericOrdering === true,
    ignorePunctuation: false,
  });
  return {
    locale: supported[0]!,
    strength: strength as 1 | 2 | 3,
    compare: (a, b) => collator.compare(a, b),
  };
}
