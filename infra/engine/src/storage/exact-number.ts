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

/** The exact value of a BSON number (JS number, Int32, Double, Long, Decimal128); null for anything else. */
export function exactValue(v: unknown): Exact | null {
  if (typeof v === 'number') return ofDouble(v);
  if (v instanceof Decimal128) return ofDecimal(v);
  if (v instanceof Long) return finite(v.toBigInt(), 0);
  if (v instanceof Int32 || v instanceof Double) return ofDouble(v.valueOf());
  return null;
}

/** MongoDB's equality of two numbers by value (NaN equals NaN in a query match); false if either is not a number. */
export function numbersEqual(a: unknown, b: unknown): boolean {
  const x = exactValue(a);
  const y = exactValue(b);
  if (!x || !y || x.kind !== y.kind) return false;
  if (x.kind === 'nan') return true;
  if (x.kind === 'inf') return x.negative === (y as { negative: boolean }).negative;
  const f = y as { coefficient: bigint; exponent: number };
  return x.coefficient === f.coefficient && x.exponent === f.exponent;
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
