import Big from 'big.js';
import { millisecondsInHour, millisecondsInMinute } from 'date-fns/constants';
import type { DecimalString } from '../../invoicing';
import { DecimalSum, ZERO } from '../money';
import type { UsdEstimate } from './model';

/** How many matched payments an estimate gathers at least, nearest first, when there are that many. */
export const ESTIMATE_PAYMENTS = 5;

/**
 * How far from an unmatched payment a matched payment may be to count, in hours. A day: a market moves
 * a few percent in a day at most on most days, so a rate a day old still ranks candidates usefully, and
 * the basis says how far the payments were, so a reader can weigh it. Beyond it there is no estimate.
 */
export const ESTIMATE_MAX_HOURS = 24;

/** Buckets a period's matched payments are gathered in at most per cryptocurrency, about (see `rateBucketMs`). */
const BUCKETS_PER_PERIOD = 4_500;

/**
 * US dollar stablecoins: with no matched payment of one within the bound, an unmatched payment of it is
 * taken at 1 USD. Compared by code, ignoring case.
 */
export const USD_STABLECOINS: readonly string[] = [
  'USDT',
  'USDC',
  'DAI',
  'BUSD',
  'TUSD',
  'USDP',
  'PYUSD',
  'FDUSD',
];

const STABLECOINS = new Set(USD_STABLECOINS);

/** Whether a cryptocurrency code names a US dollar stablecoin. */
export const isUsdStablecoin = (cryptocurrency: string): boolean =>
  STABLECOINS.has(cryptocurrency.toUpperCase());

/**
 * The width of the time buckets for a period `periodMs` long: whole minutes, 10 for a month, 30 for a
 * quarter, about 2 hours for a year, so that memory depends on the period's length, never on how many
 * payments it has.
 */
export function rateBucketMs(periodMs: number): number {
  return Math.max(1, Math.ceil(periodMs / BUCKETS_PER_PERIOD / millisecondsInMinute)) * millisecondsInMinute;
}

/** USD received and crypto paid by the matched payments of one cryptocurrency in one time bucket. */
interface RateBucket {
  count: number;
  /** The bucket's earliest and latest payment, epoch milliseconds. */
  first: number;
  last: number;
  usd: DecimalSum;
  crypto: DecimalSum;
}

/**
 * Constructors whose `div` rounds straight to cents (or a rate's 8 decimals), half up: rounding the
 * default 20 places again could round twice. Their results are wrapped in a plain `Big`, which
 * `instanceof Big` (the summary's writer) recognises.
 */
const CentsBig = Big();
CentsBig.DP = 2;
CentsBig.RM = Big.roundHalfUp;

const RateBig = Big();
RateBig.DP = 8;
RateBig.RM = Big.roundHalfUp;

/**
 * The exchange rates the period's matched payments prove: a paid invoice's `amountFiatUSD` is the amount
 * received, converted to USD at the moment of payment, so each matched payment is a USD price of its
 * cryptocurrency at its `transactionDatetime`. They are added up exactly in time buckets per
 * cryptocurrency, so memory stays the same however many payments there are.
 */
export class MatchedRates {
  readonly #buckets = new Map<string, Map<number, RateBucket>>();

  constructor(readonly bucketMs: number) {}

  /**
   * Counts in a matched payment: its crypto amount, the USD its invoice received, and its time. A
   * payment of nothing, or for an invoice of 0 USD, proves no rate and is left out.
   */
  add(cryptocurrency: string, atMs: number, amount: DecimalString, receivedUSD: DecimalString): void {
    if (!isPositive(amount) || !isPositive(receivedUSD)) return;
    let buckets = this.#buckets.get(cryptocurrency);
    if (buckets === undefined) {
      buckets = new Map();
      this.#buckets.set(cryptocurrency, buckets);
    }
    const index = Math.floor(atMs / this.bucketMs);
    let bucket = buckets.get(index);
    if (bucket === undefined) {
      bucket = { count: 0, first: atMs, last: atMs, usd: new DecimalSum(), crypto: new DecimalSum() };
      buckets.set(index, bucket);
    }
    bucket.count += 1;
    if (atMs < bucket.first) bucket.first = atMs;
    if (atMs > bucket.last) bucket.last = atMs;
    bucket.usd.add(receivedUSD);
    bucket.crypto.add(amount);
  }

  /**
   * An unmatched payment's USD value: its amount times the rate of the matched payments of its
   * cryptocurrency nearest in time, gathered bucket by bucket outwards from its own until there are
   * `ESTIMATE_PAYMENTS` (all of a bucket or none, so sometimes more), none farther than
   * `ESTIMATE_MAX_HOURS`. The rate is their USD total over their crypto total, so a dust payment, whose
   * USD was rounded to a cent, weighs as little as it holds. Without such payments a US dollar
   * stablecoin is taken at 1 USD; anything else has no estimate (`null`).
   */
  estimate(cryptocurrency: string, atMs: number, amount: DecimalString): UsdEstimate | null {
    const buckets = this.#buckets.get(cryptocurrency);
    const bound = ESTIMATE_MAX_HOURS * millisecondsInHour;
    let usd = ZERO;
    let crypto = ZERO;
    let count = 0;
    let farthest = 0;
    if (buckets !== undefined) {
      const center = Math.floor(atMs / this.bucketMs);
      const rings = Math.ceil(bound / this.bucketMs);
      for (let ring = 0; ring <= rings && count < ESTIMATE_PAYMENTS; ring++) {
        for (const index of ring === 0 ? [center] : [center - ring, center + ring]) {
          const bucket = buckets.get(index);
          if (bucket === undefined) continue;
          const reach = Math.max(Math.abs(atMs - bucket.first), Math.abs(bucket.last - atMs));
          if (reach > bound) continue;
          count += bucket.count;
          farthest = Math.max(farthest, reach);
          usd = usd.plus(bucket.usd.toBig());
          crypto = crypto.plus(bucket.crypto.toBig());
        }
      }
    }
    if (count > 0) {
      return {
        usd: new Big(new CentsBig(usd.times(amount)).div(crypto)),
        rate: new Big(new RateBig(usd).div(crypto)),
        basis: { kind: 'matched-payments', payments: count, withinSeconds: Math.ceil(farthest / 1000) },
      };
    }
    if (isUsdStablecoin(cryptocurrency)) {
      return {
        usd: new Big(new CentsBig(amount).div(1)),
        rate: new Big(1),
        basis: { kind: 'stablecoin-par' },
      };
    }
    return null;
  }
}

/** Whether a plain decimal string is above zero. */
function isPositive(amount: DecimalString): boolean {
  return !amount.startsWith('-') && /[1-9]/.test(amount);
}
