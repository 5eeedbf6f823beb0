import { Decimal128, Int32, Long } from 'bson';
import { numbersEqual } from '../src/storage/exact-number.ts';

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
