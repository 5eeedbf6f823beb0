import { Decimal128, Int32, Long } from 'bson';
import { compareNumbers, numberKey, numbersEqual } from '../src/storage/exact-number.ts';

const dec = (s: string) => Decimal128.fromString(s);

describe('exact numeric equality (Decimal128, Int64, doubles)', () => {
  test.each([
    ['decimal 1.50 and double 1.5', dec('1.50'), 1.5],
    ['decimal 1 and int32 1', dec('1'), new Int32(1)],
    ['decimal 1E+3 and 1000', dec('1E+3'), 1000],
    ['decimal 1000 and long 1000', dec('1000'), Long.fromNumber(1000)],
    ['decimal -0 and 0', dec('-0'), 0],
    ['decimal 0.125 and double 0.125 (exact in binary)', dec('0.125'), 0.125],
    ['NaN and NaN (a query matches NaN)', dec('NaN'), NaN],
    ['Infinity and Infinity', dec('Infinity'), Infinity],
    ['long 2^63-1 and the same decimal', Long.fromString('9223372036854775807'), dec('9223372036854775807')],
    ['2^70 as a double and as a decimal', 2 ** 70, dec('1180591620717411303424')],
  ])('%s are equal', (_name, a, b) => {
    expect(numbersEqual(a, b)).toBe(true);
    expect(numbersEqual(b, a)).toBe(true);
  });

  test.each([
    ['decimal 0.1 and double 0.1 (0.1000000000000000055...)', dec('0.1'), 0.1],
    ['decimal 1e300 and double 1e300', dec('1e300'), 1e300],
    ['long 2^63-1 and the double it rounds to', Long.fromString('9223372036854775807'), 2 ** 63],
    ['-Infinity and Infinity', dec('-Infinity'), Infinity],
    ['the smallest subnormal double and decimal 5E-324', 5e-324, dec('5E-324')],
    ['a string and a decimal', '1', dec('1')],
  ])('%s differ', (_name, a, b) => {
    expect(numbersEqual(a, b)).toBe(false);
  });
});

describe('exact numeric order and keys', () => {
  test.each([
    ['decimal 0.1 below the double 0.1', dec('0.1'), 0.1],
    ['NaN below -Infinity', dec('NaN'), -Infinity],
    [
      '-Infinity below the most negative decimal',
      dec('-Infinity'),
      dec('-9.999999999999999999999999999999999E+6144'),
    ],
    ['long 2^63-1 below the double 2^63', Long.fromString('9223372036854775807'), 2 ** 63],
    ['a tiny decimal below the smallest subnormal double', dec('1E-6000'), 5e-324],
    ['-2 below -1.5', -2, dec('-1.5')],
    ['decimal 1.4999 below int32 2 (magnitudes agree, digits decide)', dec('1.4999'), new Int32(2)],
  ])('%s', (_name, a, b) => {
    expect(compareNumbers(a, b)).toBeLessThan(0);
    expect(compareNumbers(b, a)).toBeGreaterThan(0);
  });

  test('equal values compare as 0 across types', () => {
    expect(compareNumbers(dec('1.50'), 1.5)).toBe(0);
    expect(compareNumbers(Long.fromNumber(1000), dec('1E+3'))).toBe(0);
    expect(compareNumbers(dec('NaN'), NaN)).toBe(0);
  });

  test('keys are equal exactly when the values are', () => {
    expect(numberKey(dec('1.0'))).toBe(numberKey(1));
    expect(numberKey(dec('1.50'))).toBe(numberKey(1.5));
    expect(numberKey(dec('-0'))).toBe(numberKey(0));
    expect(numberKey(dec('9223372036854775807'))).toBe(numberKey(Long.fromString('9223372036854775807')));
    expect(numberKey(dec('1180591620717411303424'))).toBe(numberKey(2 ** 70));
    expect(numberKey(dec('0.1'))).not.toBe(numberKey(0.1));
    // 2^62 prints as 4611686018427388000, which is another integer.
    expect(numberKey(Long.fromString('4611686018427388000'))).not.toBe(numberKey(2 ** 62));
    expect(numberKey(dec('1E+500'))).not.toBe(numberKey(Infinity));
  });
});
