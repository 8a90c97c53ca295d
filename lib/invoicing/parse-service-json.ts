import { isSafeNumber, LosslessNumber, parse } from 'lossless-json';

const ZERO = 48;
const NINE = 57;
const isDigit = (code: number): boolean => code >= ZERO && code <= NINE;

/**
 * Whether `text` may hold a member value that is a number token a double cannot hold exactly: more than 15
 * digits (leading zeros and all, so a few exact ones are counted in), or an exponent of three digits (out
 * of a double's range). Only values after a `:` are looked at: the service's numbers are all members of
 * objects, and a string such as a transaction hash may hold long runs of digits.
 *
 * A loop rather than a regular expression: it is run on every answer, and it costs about a fifth of
 * `JSON.parse` where the shortest expression that says as much costs a third.
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

/** A number token as a double when the double writes the same digits, otherwise as its text. */
const exactNumber = (token: string): number | LosslessNumber =>
  isSafeNumber(token) ? Number(token) : new LosslessNumber(token);

/**
 * Parses an answer of the service without losing a digit of any number in it. Node 20's `JSON.parse`
 * rounds every number token to a double before any reviver sees it, so `98765432.987654321` would become
 * `98765432.98765433`. A text with no number token that a double may not hold (nearly every answer) goes
 * through `JSON.parse`; any other through `lossless-json`, which hands each number a double cannot hold
 * exactly over as a `LosslessNumber` carrying its text. The schemas read those as amounts with every digit.
 *
 * Throws a `SyntaxError` for text that is not JSON, and a `RangeError` for JSON nested too deeply for
 * the lossless parser's recursion.
 */
export function parseServiceJson(text: string): unknown {
  if (!mayHoldInexactNumber(text)) return JSON.parse(text);
  // A repeated key keeps its last value, as with JSON.parse.
  return parse(text, null, { parseNumber: exactNumber, onDuplicateKey: ({ newValue }) => newValue });
}

/** Whether a value is a number the lossless parse kept as text. */
export const isExactNumber = (value: unknown): value is LosslessNumber => value instanceof LosslessNumber;
