import Big from 'big.js';
import { fiatFractionDigits } from '../fiat-fraction-digits';
import type { DecimalString } from '../invoicing';

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

/**
 * A running total of plain decimal strings, exact: a whole number of units of `10^-scale` (a BigInt), the
 * scale growing to the most decimals any amount has had. The sum is the same as adding `Big` values,
 * without a `Big` and its digit array for every addition: a month's figures add up several amounts per
 * record, hundreds of thousands in all. `toBig()` hands the sum over for rounding, once.
 *
 * @example const total = new DecimalSum(); total.add('0.1'); total.add('0.2'); total.toBig() // 0.3
 */
export class DecimalSum {
  #units = 0n;
  #scale = 0;

  /** Adds a plain decimal string (`-12.5`, `0.00000095`; no exponent). */
  add(amount: DecimalString): void {
    const point = amount.indexOf('.');
    const places = point === -1 ? 0 : amount.length - point - 1;
    if (places > this.#scale) {
      this.#units *= 10n ** BigInt(places - this.#scale);
      this.#scale = places;
    }
    // `-0.5` reads as `-05` units of 0.1: a minus sign and leading zeros are what BigInt takes anyway.
    const digits = point === -1 ? amount : amount.slice(0, point) + amount.slice(point + 1);
    const shift = this.#scale - places;
    this.#units += shift === 0 ? BigInt(digits) : BigInt(digits) * 10n ** BigInt(shift);
  }

  /** The sum so far. */
  toBig(): Big {
    const negative = this.#units < 0n;
    const digits = (negative ? -this.#units : this.#units).toString().padStart(this.#scale + 1, '0');
    const point = digits.length - this.#scale;
    const plain = this.#scale === 0 ? digits : `${digits.slice(0, point)}.${digits.slice(point)}`;
    return new Big(negative ? `-${plain}` : plain);
  }
}

/** Adds an amount to the running total kept under `key`. */
export function addAmount(totals: Map<string, Big>, key: string, amount: AmountSource): void {
  totals.set(key, (totals.get(key) ?? ZERO).plus(amount));
}
