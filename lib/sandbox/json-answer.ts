import Big from 'big.js';
import { isLosslessNumber, stringify } from 'lossless-json';

/** How an answer's numbers are written. */
export interface NumberWriting {
  /** Every number as a JSON string of its plain decimal digits (`"0.00000095"`, `"60"`). */
  numbersAsStrings: boolean;
  /**
   * Whether the value may hold `LosslessNumber`s (decimals kept as text), which must be written as
   * number tokens with every digit. When false, the native `JSON.stringify` is used: it is about five
   * times faster on a page of a thousand records, and doubles are all such a value holds.
   */
  exact: boolean;
}

/**
 * An answer's JSON text. A double is written as `JSON.stringify` writes it (`9.5e-7`, as PHP's
 * `json_encode` does); a `LosslessNumber` as its own digits (`98765432.987654321`), through
 * lossless-json's `stringify`, since Node 20's `JSON.stringify` cannot write a raw number token.
 * @example answerText({ amount: new LosslessNumber('0.000000000000000001') }, { numbersAsStrings: false, exact: true })
 *   // '{"amount":0.000000000000000001}'
 */
export function answerText(value: unknown, writing: NumberWriting): string {
  if (writing.numbersAsStrings) return JSON.stringify(value, numbersToStrings);
  return writing.exact ? stringify(value)! : JSON.stringify(value);
}

/** A replacer that writes every number, double or lossless, as a string of its plain decimal digits. */
function numbersToStrings(_key: string, value: unknown): unknown {
  if (typeof value === 'number') return new Big(value).toFixed();
  if (isLosslessNumber(value)) return new Big(value.toString()).toFixed();
  return value;
}
