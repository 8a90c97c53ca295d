import Big from 'big.js';
import { code as iso4217 } from 'currency-codes';
import { isSafeNumber, LosslessNumber, parse } from 'lossless-json';

const fractionDigitsByCurrency = new Map<string, number>();

/**
 * Decimal places of a fiat currency's minor unit as ISO 4217 states them (USD 2, JPY 0, KWD 3, HUF 2),
 * 2 for a code the list does not have (`USDT`), any case (the spec does not show it). Not `Intl`: its
 * digits are those of daily use (HUF with none), and 3200.50 HUF rounded that way loses its fillér.
 */
export function fiatFractionDigits(currency: string): number {
  let digits = fractionDigitsByCurrency.get(currency);
  if (digits === undefined) {
    digits = iso4217(currency.toUpperCase())?.digits ?? 2;
    fractionDigitsByCurrency.set(currency, digits);
  }
  return digits;
}

const isDigit = (code: number): boolean => code >= 48 && code <= 57;

/**
 * Whether `text` may hold a member value that a double cannot hold exactly: more than 15 digits, or a
 * three-digit exponent. Only values after a `:` are looked at (a hash may hold long runs of digits). A
 * loop: it costs a fifth of `JSON.parse` where the shortest regular expression costs a third.
 */
function mayHoldInexactNumber(text: string): boolean {
  for (let colon = text.indexOf(':'); colon !== -1; colon = text.indexOf(':', colon + 1)) {
    let index = colon + 1;
    let code = text.charCodeAt(index);
    while (code === 32 || code === 9 || code === 10 || code === 13) code = text.charCodeAt(++index);
    if (code === 45) code = text.charCodeAt(++index);
    if (!isDigit(code)) continue;
    let digits = 0;
    while (isDigit(code) || code === 46) {
      if (code !== 46) digits += 1;
      code = text.charCodeAt(++index);
    }
    if (digits > 15) return true;
    if (code !== 101 && code !== 69) continue;
    code = text.charCodeAt(++index);
    if (code === 43 || code === 45) code = text.charCodeAt(++index);
    let exponentDigits = 0;
    while (isDigit(code)) {
      exponentDigits += 1;
      code = text.charCodeAt(++index);
    }
    if (exponentDigits > 2) return true;
  }
  return false;
}

/**
 * Parses an answer without losing a digit: Node 20's `JSON.parse` rounds every number before a reviver
 * sees it (`98765432.987654321` becomes `98765432.98765433`), so an answer that may hold an inexact number
 * goes through `lossless-json`. Throws a `SyntaxError` for text that is not JSON, a `RangeError` when
 * nested too deeply.
 */
export function parseServiceJson(text: string): unknown {
  if (!mayHoldInexactNumber(text)) return JSON.parse(text);
  // A repeated key keeps its last value, as with JSON.parse.
  return parse(text, null, {
    parseNumber: (token) => (isSafeNumber(token) ? Number(token) : new LosslessNumber(token)),
    onDuplicateKey: ({ newValue }) => newValue,
  });
}

export const isExactNumber = (value: unknown): value is LosslessNumber => value instanceof LosslessNumber;

/** A decimal as `Big#toFixed()` writes it: no leading zeros, no trailing fraction zeros, no exponent. */
const CANONICAL_DECIMAL = /^-?(0|[1-9]\d*)(\.\d*[1-9])?$/;

/**
 * An amount as a plain decimal string, exactly as `new Big(value).toFixed()` writes it: `9.5e-7` →
 * `"0.00000095"`, `"1.50"` → `"1.5"`. A number without exponent or canonical text skips `Big`: a month
 * holds hundreds of thousands of amounts, each a `Big` and its digit array otherwise.
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
