import Big from 'big.js';
import type { DecimalString } from '../invoicing';
import { fiatFractionDigits } from '../invoicing';

/**
 * Exact money arithmetic on `big.js`. Amounts are summed exactly and rounded once, at the end:
 * USD to cents, a fiat currency to its minor unit, crypto amounts never. Rounding is half-up: a tie
 * goes away from zero (`0.005` → `0.01`, `-0.005` → `-0.01`), as people round by hand.
 */

/** An amount as the schemas hand it over (a plain decimal string) or already a `Big`. */
export type AmountSource = Big | DecimalString;

/** Zero. `Big` values are immutable, so one instance serves everywhere. */
export const ZERO = new Big(0);

/** The exact sum of the amounts; zero for none. */
export function sum(amounts: Iterable<AmountSource>): Big {
  let total = ZERO;
  for (const amount of amounts) total = total.plus(amount);
  return total;
}

/** Rounds to `decimals` places, half-up. */
export function roundHalfUp(amount: Big, decimals: number): Big {
  return amount.round(decimals, Big.roundHalfUp);
}

/** Rounds a USD amount to cents, half-up. */
export function roundUsd(amount: Big): Big {
  return roundHalfUp(amount, 2);
}

/** Rounds an amount in a fiat currency to that currency's minor unit, half-up. */
export function roundFiat(amount: Big, currency: string): Big {
  return roundHalfUp(amount, fiatFractionDigits(currency));
}

/**
 * A plain decimal string, never exponent form (`0.00000095`, `1000000000000000000000`):
 * `Big#toFixed` without arguments writes every digit the value has.
 */
export function toPlainDecimal(amount: Big): string {
  return amount.toFixed();
}

/**
 * A `Big` constructor of its own whose `div` rounds straight to one decimal, half-up. `div` rounds from
 * the exact remainder; dividing to the default 20 places and rounding that to one could round twice
 * (`12.349999999999999999999…` → `12.35…` → `12.4`).
 */
export const OneDecimalBig = Big();
OneDecimalBig.DP = 1;
OneDecimalBig.RM = Big.roundHalfUp;

/**
 * Change from `previous` to `current` in percent of `previous`, rounded once to one decimal, half-up;
 * `null` when `previous` is zero (no percentage of nothing).
 * @example percentChange(new Big('150'), new Big('120')) // 25
 */
export function percentChange(current: Big, previous: Big): Big | null {
  if (previous.eq(0)) return null;
  return new Big(new OneDecimalBig(current.minus(previous).times(100)).div(previous));
}

/** Units below this (2^52) stay exact in a double after one more addition of fewer than 16 digits. */
const SMALL_LIMIT = 2 ** 52;
/** The most digits an amount may have at the sum's scale to be added as a double: 10^15 < 2^50. */
const SMALL_DIGITS = 15;
const MINUS = 45;
/** 10^0 to 10^15, each exact as a double. */
const POWERS_OF_TEN = Array.from({ length: SMALL_DIGITS + 1 }, (_, power) => 10 ** power);
const POINT = 46;

/**
 * A running total of plain decimal strings, exact: a whole number of units of `10^-scale` (a BigInt), the
 * scale growing to the most decimals any amount has had. The sum is the same as adding `Big` values,
 * without a `Big` and its digit array for every addition: a month's figures add up several amounts per
 * record, hundreds of thousands in all. `toBig()` hands the sum over for rounding, once.
 *
 * Amounts of at most 15 digits at the sum's scale (nearly all: `1555.88`) are first added up as a
 * double, which holds every whole number below 2^53 exactly, and moved into the BigInt before that total
 * could pass 2^52: a BigInt made and added for every amount costs several times as much.
 *
 * @example const total = new DecimalSum(); total.add('0.1'); total.add('0.2'); total.toBig() // 0.3
 */
export class DecimalSum {
  #units = 0n;
  /** Units not yet in `#units`, at the same scale: a whole number whose size stays below `SMALL_LIMIT`. */
  #small = 0;
  #scale = 0;

  /** Adds a plain decimal string (`-12.5`, `0.00000095`; no exponent). */
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

  /**
   * Adds an amount `shift` decimals short of the scale to `#small`, when it has at most `SMALL_DIGITS`
   * digits at the scale; false, adding nothing, when it has more.
   */
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

  /** The sum so far. */
  toBig(): Big {
    const units = this.#units + BigInt(this.#small);
    const negative = units < 0n;
    const digits = (negative ? -units : units).toString().padStart(this.#scale + 1, '0');
    const point = digits.length - this.#scale;
    const plain = this.#scale === 0 ? digits : `${digits.slice(0, point)}.${digits.slice(point)}`;
    return new Big(negative ? `-${plain}` : plain);
  }
}

/** Whole cents below this (2^52) stay exact in a double after one more amount of at most 13 whole digits. */
const CENTS_SMALL_WHOLE_DIGITS = 13;

/**
 * A running total of plain decimal strings each first rounded half-up to the cent (`12.345` counts as
 * `12.35`, `-0.005` as `-0.01`), in whole cents: what a service that totals its amounts as it shows them
 * adds up. Written by hand, as `DecimalSum` is, to spare a `Big` for every record; the cents are added
 * up as a double while that stays exact, then moved into a BigInt.
 * @example const total = new CentsSum(); total.add('0.125'); total.add('0.125'); total.toBig() // 0.26
 */
export class CentsSum {
  #cents = 0n;
  #small = 0;

  /** Adds a plain decimal string (`-12.5`, `0.00000095`; no exponent), rounded half-up to the cent. */
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

  /** The sum so far. */
  toBig(): Big {
    return new Big((this.#cents + BigInt(this.#small)).toString()).div(100);
  }
}
