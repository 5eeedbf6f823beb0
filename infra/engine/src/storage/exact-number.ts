/**
 * Exact numeric equality across BSON's number types, as MongoDB compares them: by mathematical value.
 * `NumberDecimal("1.50")` equals the double 1.5 and the int 1... of the same value, while
 * `NumberDecimal("0.1")` does not equal the double 0.1 (whose exact value is 0.1000000000000000055...).
 * Every value is brought to sign × coefficient × 10^exponent with BigInt arithmetic, so nothing rounds.
 */
import { Decimal128, Double, Int32, Long } from 'bson';

type Exact =
  | { kind: 'nan' }
  | { kind: 'inf'; negative: boolean }
  /** `coefficient` has no trailing zeros (zero is 0n, exponent 0); its sign is the value's. */
  | { kind: 'finite'; coefficient: bigint; exponent: number };

function finite(coefficient: bigint, exponent: number): Exact {
  if (coefficient === 0n) return { kind: 'finite', coefficient: 0n, exponent: 0 };
  while (coefficient % 10n === 0n) {
    coefficient /= 10n;
    exponent++;
  }
  return { kind: 'finite', coefficient, exponent };
}

const view = new DataView(new ArrayBuffer(8));

/** A double's exact value: mantissa × 2^e, written as a decimal (2^-k = 5^k / 10^k). */
function ofDouble(d: number): Exact {
  if (Number.isNaN(d)) return { kind: 'nan' };
  if (!Number.isFinite(d)) return { kind: 'inf', negative: d < 0 };
  if (Number.isSafeInteger(d)) return finite(BigInt(d), 0);
  view.setFloat64(0, d);
  const hi = view.getUint32(0);
  const lo = view.getUint32(4);
  const negative = hi >>> 31 === 1;
  const biased = (hi >>> 20) & 0x7ff;
  let mantissa = (BigInt(hi & 0xfffff) << 32n) | BigInt(lo);
  let e2: number;
  if (biased === 0) e2 = -1074;
  else {
    mantissa |= 1n << 52n;
    e2 = biased - 1075;
  }
  const signed = negative ? -mantissa : mantissa;
  if (e2 >= 0) return finite(signed << BigInt(e2), 0);
  return finite(signed * 5n ** BigInt(-e2), e2);
}

const DECIMAL = /^(-)?(\d+)(?:\.(\d+))?(?:E([+-]?\d+))?$/i;

function ofDecimal(d: Decimal128): Exact | null {
  const s = d.toString();
  if (s === 'NaN' || s === '-NaN') return { kind: 'nan' };
  if (s === 'Infinity' || s === '-Infinity') return { kind: 'inf', negative: s.startsWith('-') };
  const m = DECIMAL.exec(s);
  if (!m) return null;
  const fraction = m[3] ?? '';
  const digits = BigInt(m[2]! + fraction);
  return finite(m[1] ? -digits : digits, Number(m[4] ?? 0) - fraction.length);
}

/** The exact value of a BSON number (JS number or bigint, Int32, Double, Long, Decimal128); null for anything else. */
export function exactValue(v: unknown): Exact | null {
  if (typeof v === 'number') return ofDouble(v);
  if (v instanceof Decimal128) return ofDecimal(v);
  if (v instanceof Long) return finite(v.toBigInt(), 0);
  if (typeof v === 'bigint') return finite(v, 0);
  if (v instanceof Int32 || v instanceof Double) return ofDouble(v.valueOf());
  return null;
}

/** Whether `v` is a BSON number of any type (JS number or bigint, Int32, Double, Long, Decimal128). */
export function isNumber(v: unknown): boolean {
  return (
    typeof v === 'number' ||
    typeof v === 'bigint' ||
    v instanceof Decimal128 ||
    v instanceof Long ||
    v instanceof Int32 ||
    v instanceof Double
  );
}

/** MongoDB's equality of two numbers by value (NaN equals NaN in a query match); false if either is not a number. */
export function numbersEqual(a: unknown, b: unknown): boolean {
  if (typeof a === 'number' && typeof b === 'number') return a === b || (a !== a && b !== b);
  const x = exactValue(a);
  const y = exactValue(b);
  if (!x || !y || x.kind !== y.kind) return false;
  if (x.kind === 'nan') return true;
  if (x.kind === 'inf') return x.negative === (y as { negative: boolean }).negative;
  const f = y as { coefficient: bigint; exponent: number };
  return x.coefficient === f.coefficient && x.exponent === f.exponent;
}

/** Whether `v` is a NaN of any numeric type. */
export function isNaNNumber(v: unknown): boolean {
  if (typeof v === 'number') return v !== v;
  return v instanceof Decimal128 ? exactValue(v)?.kind === 'nan' : false;
}

/** The position of a non-NaN value on the number line's ends: -1 for -Infinity, 1 for +Infinity, 0 when finite. */
const end = (x: Exact): number => (x.kind === 'inf' ? (x.negative ? -1 : 1) : 0);

/** Decimal digits of a non-negative bigint. */
const digitCount = (n: bigint): number => (n === 0n ? 0 : n.toString().length);

/**
 * MongoDB's order of two numbers by exact value: negative, zero or positive. NaN sorts below every other
 * number (and equals NaN), as in MongoDB's sort order; a query's range operators treat NaN apart (isNaNNumber).
 */
export function compareNumbers(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') {
    if (a !== a) return b !== b ? 0 : -1;
    if (b !== b) return 1;
    // Two doubles compare exactly in JavaScript; only other types need the exact values.
    return a < b ? -1 : a > b ? 1 : 0;
  }
  const x = exactValue(a);
  const y = exactValue(b);
  if (!x || !y) throw new TypeError('compareNumbers expects two numbers');
  if (x.kind === 'nan' || y.kind === 'nan') return x.kind === y.kind ? 0 : x.kind === 'nan' ? -1 : 1;
  const ex = end(x);
  const ey = end(y);
  if (ex || ey) return Math.sign(ex - ey);
  const fx = x as { coefficient: bigint; exponent: number };
  const fy = y as { coefficient: bigint; exponent: number };
  const sx = fx.coefficient < 0n ? -1 : fx.coefficient > 0n ? 1 : 0;
  const sy = fy.coefficient < 0n ? -1 : fy.coefficient > 0n ? 1 : 0;
  if (sx !== sy || sx === 0) return Math.sign(sx - sy);
  // Same sign, both non-zero: the order of magnitude decides unless it is equal; then the aligned coefficients.
  const mx = digitCount(sx < 0 ? -fx.coefficient : fx.coefficient) + fx.exponent;
  const my = digitCount(sy < 0 ? -fy.coefficient : fy.coefficient) + fy.exponent;
  if (mx !== my) return mx > my ? sx : -sx;
  const shift = fx.exponent - fy.exponent;
  const cx = shift > 0 ? fx.coefficient * 10n ** BigInt(shift) : fx.coefficient;
  const cy = shift < 0 ? fy.coefficient * 10n ** BigInt(-shift) : fy.coefficient;
  return cx < cy ? -1 : cx > cy ? 1 : 0;
}

/** Beyond this many digits no double or Int64 is integral and equal, so an integer key needs no expansion. */
const MAX_INTEGER_KEY_DIGITS = 400;

/**
 * A string equal for two numbers exactly when MongoDB considers them equal (index keys, `$in`, `$addToSet`):
 * the double's own string for non-integral doubles and safe integers, the integer's digits for larger integers
 * of any type, and for a Decimal128 the key of the double or integer of the same value when there is one.
 */
export function numberKey(v: unknown): string {
  if (typeof v === 'number') {
    if (Number.isSafeInteger(v) || !Number.isInteger(v)) return Object.is(v, -0) ? '0' : String(v);
    return BigInt(v).toString();
  }
  if (v instanceof Long) return v.toBigInt().toString();
  if (v instanceof Int32 || v instanceof Double) return numberKey(v.valueOf());
  if (typeof v === 'bigint') return v.toString();
  const x = v instanceof Decimal128 ? ofDecimal(v) : null;
  if (!x) throw new TypeError('numberKey expects a number');
  if (x.kind === 'nan') return 'NaN';
  if (x.kind === 'inf') return x.negative ? '-Infinity' : 'Infinity';
  const digits = digitCount(x.coefficient < 0n ? -x.coefficient : x.coefficient);
  if (x.exponent >= 0 && digits + x.exponent <= MAX_INTEGER_KEY_DIGITS)
    return (x.coefficient * 10n ** BigInt(x.exponent)).toString();
  if (x.exponent < 0) {
    const d = Number((v as Decimal128).toString());
    if (numbersEqual(d, v)) return String(d);
  }
  // No double or Int64 has this value: '~' never appears in the keys above.
  return `${x.coefficient}e${x.exponent}~`;
}

/** Values the mingo matcher would compare wrongly (Decimal128, Int64 beyond ±2^53): equality goes through numbersEqual. */
export function needsExactComparison(v: unknown): v is Decimal128 | Long {
  return (
    v instanceof Decimal128 ||
    (v instanceof Long &&
      (v.greaterThan(Long.fromNumber(Number.MAX_SAFE_INTEGER)) ||
        v.lessThan(Long.fromNumber(Number.MIN_SAFE_INTEGER))))
  );
}

/** Whether a value holds a Decimal128 or an Int64 beyond ±2^53 anywhere (in embedded documents and arrays too). */
export function holdsExactNumber(v: unknown): boolean {
  if (needsExactComparison(v)) return true;
  if (Array.isArray(v)) return v.some(holdsExactNumber);
  if (v !== null && typeof v === 'object') {
    const proto = Object.getPrototypeOf(v) as unknown;
    if (proto === Object.prototype || proto === null) return Object.values(v).some(holdsExactNumber);
  }
  return false;
}
