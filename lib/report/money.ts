import Big from 'big.js';
import { type DecimalString, fiatFractionDigits } from '../invoicing';

/** Summed exactly, rounded once at the end (USD to cents, fiat to its minor unit, crypto never), half-up. */

/** `Big` values are immutable: one zero serves everywhere. */
export const ZERO = new Big(0);

export const sum = (amounts: Iterable<Big | DecimalString>): Big =>
  [...amounts].reduce<Big>((total, amount) => total.plus(amount), ZERO);

export const roundHalfUp = (amount: Big, decimals: number): Big => amount.round(decimals, Big.roundHalfUp);
export const roundUsd = (amount: Big): Big => roundHalfUp(amount, 2);
export const roundFiat = (amount: Big, currency: string): Big =>
  roundHalfUp(amount, fiatFractionDigits(currency));

/** Never exponent form: `Big#toFixed` without arguments writes every digit. */
export const toPlainDecimal = (amount: Big): string => amount.toFixed();

/**
 * A `Big` whose `div` rounds once to `decimals` places, half-up (20 places then rounding could round twice:
 * `12.3499…` → `12.35` → `12.4`). Wrap results in a plain `Big`, which `summaryToJson` recognises.
 */
export function dividingTo(decimals: number): Big.BigConstructor {
  const Rounding = Big();
  Rounding.DP = decimals;
  Rounding.RM = Big.roundHalfUp;
  return Rounding;
}

export const OneDecimalBig = dividingTo(1);

/** Doubles this close, relatively, may not order the exact values they were worked out from. */
const NEAR = 1e-9;

/** `a - b` for doubles from exact values, or 0 when too close to order those: the caller compares exactly. */
export function doubleOrder(a: number, b: number): number {
  const gap = Math.abs(a - b);
  return gap > NEAR * Math.max(Math.abs(a), Math.abs(b)) || gap === Number.POSITIVE_INFINITY ? a - b : 0;
}

/** In percent of `previous`, rounded once to one decimal; `null` when `previous` is zero. */
export function percentChange(current: Big, previous: Big): Big | null {
  if (previous.eq(0)) return null;
  return new Big(new OneDecimalBig(current.minus(previous).times(100)).div(previous));
}

/** Below 2^52 a double stays exact after one more addition of at most 15 digits (10^15 < 2^50). */
const SMALL_LIMIT = 2 ** 52;
const SMALL_DIGITS = 15;
const MINUS = 45;
const POWERS_OF_TEN = Array.from({ length: SMALL_DIGITS + 1 }, (_, power) => 10 ** power);
const POINT = 46;

/**
 * An exact total of decimal strings in units of `10^-scale`, without a `Big` per addition. Amounts of up to
 * 15 digits go into a double (exact below 2^53) until 2^52: a BigInt per amount costs several times as much.
 */
export class DecimalSum {
  #units = 0n;
  /** Units not yet in `#units`, below `SMALL_LIMIT`. */
  #small = 0;
  #scale = 0;

  /** A plain decimal string (`-12.5`, `0.00000095`; no exponent). */
  add(amount: DecimalString): void {
    const point = amount.indexOf('.');
    const places = point === -1 ? 0 : amount.length - point - 1;
    if (places > this.#scale) {
      this.#units = (this.#units + BigInt(this.#small)) * 10n ** BigInt(places - this.#scale);
      this.#small = 0;
      this.#scale = places;
    }
    const shift = this.#scale - places;
    if (this.#addSmall(amount, shift)) return;
    // `-0.5` reads as `-05` units of 0.1: a minus sign and leading zeros are what BigInt takes anyway.
    const digits = point === -1 ? amount : amount.slice(0, point) + amount.slice(point + 1);
    this.#units += shift === 0 ? BigInt(digits) : BigInt(digits) * 10n ** BigInt(shift);
  }

  /** Adds an amount of at most `SMALL_DIGITS` digits to `#small`; false, adding nothing, if longer. */
  #addSmall(amount: DecimalString, shift: number): boolean {
    const negative = amount.charCodeAt(0) === MINUS;
    let units = 0;
    let digits = shift;
    for (let index = negative ? 1 : 0; index < amount.length; index++) {
      const code = amount.charCodeAt(index);
      if (code === POINT) continue;
      digits += 1;
      if (digits > SMALL_DIGITS) return false;
      units = units * 10 + (code - 48);
    }
    if (digits > SMALL_DIGITS) return false;
    units *= POWERS_OF_TEN[shift]!;
    this.#small += negative ? -units : units;
    if (this.#small >= SMALL_LIMIT || this.#small <= -SMALL_LIMIT) {
      this.#units += BigInt(this.#small);
      this.#small = 0;
    }
    return true;
  }

  toBig(): Big {
    const units = this.#units + BigInt(this.#small);
    const negative = units < 0n;
    const digits = (negative ? -units : units).toString().padStart(this.#scale + 1, '0');
    const point = digits.length - this.#scale;
    const plain = this.#scale === 0 ? digits : `${digits.slice(0, point)}.${digits.slice(point)}`;
    return new Big(negative ? `-${plain}` : plain);
  }
}

/** At most 13 whole digits: cents below 2^52 stay exact in a double after one more. */
const CENTS_SMALL_WHOLE_DIGITS = 13;

/** Each amount rounded half-up to the cent, as a service totalling what it shows sums (0.125 × 2 → 0.26). */
export class CentsSum {
  #cents = 0n;
  #small = 0;

  add(amount: DecimalString): void {
    const negative = amount.charCodeAt(0) === MINUS;
    const start = negative ? 1 : 0;
    const point = amount.indexOf('.');
    const wholeEnd = point === -1 ? amount.length : point;
    const digit = (index: number) => (index < amount.length ? amount.charCodeAt(index) - 48 : 0);
    // Half-up looks at the third decimal only: `.xy5` and beyond is at least half a cent.
    const fraction =
      point === -1 ? 0 : digit(point + 1) * 10 + digit(point + 2) + (digit(point + 3) >= 5 ? 1 : 0);
    if (wholeEnd - start > CENTS_SMALL_WHOLE_DIGITS) {
      const cents = BigInt(amount.slice(start, wholeEnd)) * 100n + BigInt(fraction);
      this.#cents += negative ? -cents : cents;
      return;
    }
    let whole = 0;
    for (let index = start; index < wholeEnd; index++) whole = whole * 10 + (amount.charCodeAt(index) - 48);
    const cents = whole * 100 + fraction;
    this.#small += negative ? -cents : cents;
    if (this.#small >= SMALL_LIMIT || this.#small <= -SMALL_LIMIT) {
      this.#cents += BigInt(this.#small);
      this.#small = 0;
    }
  }

  toBig(): Big {
    return new Big((this.#cents + BigInt(this.#small)).toString()).div(100);
  }
}
