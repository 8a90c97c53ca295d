import Big from 'big.js';

/**
 * A decimal string already in the form `Big#toFixed()` writes: no leading zeros, no trailing zeros in
 * the fraction, no exponent. (`-0` matches too, but `Big` writes it as `0`.)
 */
const CANONICAL_DECIMAL = /^-?(0|[1-9]\d*)(\.\d*[1-9])?$/;

/**
 * An amount the service sent (a finite JS number, or numeric text) as a plain decimal string, exactly
 * as `new Big(value).toFixed()` writes it: `9.5e-7` → `"0.00000095"`, `"1.50"` → `"1.5"`.
 *
 * Most amounts need no `Big` to get there, and a month's records hold hundreds of thousands of them,
 * each costing a `Big` and its digit array: a number whose `String()` has no exponent is already
 * written that way (`Big` reads a number through `String()` itself), and so is text in canonical
 * form. Anything else goes through `Big`.
 */
export function plainDecimalOf(value: number | string): string {
  if (typeof value === 'number') {
    const text = String(value);
    if (!text.includes('e')) return text;
  } else if (value !== '-0' && CANONICAL_DECIMAL.test(value)) {
    return value;
  }
  return new Big(value).toFixed();
}
