import Big from 'big.js';
import { millisecondsInHour, millisecondsInMinute } from 'date-fns/constants';
import type { DecimalString } from '../../invoicing';
import { entryOf } from '../collections';
import { DecimalSum, dividingTo, ZERO } from '../money';

/** How many matched payments an estimate gathers at least, nearest first. */
const ESTIMATE_PAYMENTS = 5;

/** How far a matched payment may be to count: markets move a few percent a day at most on most days. */
export const ESTIMATE_MAX_HOURS = 24;

const BUCKETS_PER_PERIOD = 4_500;

/** Taken at 1 USD when no matched payment of them is within the bound; compared ignoring case. */
const USD_STABLECOINS = new Set(['USDT', 'USDC', 'DAI', 'BUSD', 'TUSD', 'USDP', 'PYUSD', 'FDUSD']);

/** Whole minutes (10 for a month, about 2 hours for a year): memory follows the period, not its payments. */
export const rateBucketMs = (periodMs: number): number =>
  Math.max(1, Math.ceil(periodMs / BUCKETS_PER_PERIOD / millisecondsInMinute)) * millisecondsInMinute;

const newBucket = (atMs: number) => ({
  count: 0,
  first: atMs,
  last: atMs,
  usd: new DecimalSum(),
  crypto: new DecimalSum(),
});
type RateBucket = ReturnType<typeof newBucket>;

const CentsBig = dividingTo(2);
const RateBig = dividingTo(8);

/** The rates matched payments prove (`amountFiatUSD` is what was received, at its rate), in time buckets. */
export class MatchedRates {
  readonly #buckets = new Map<string, Map<number, RateBucket>>();

  constructor(readonly bucketMs: number) {}

  /** A payment of nothing, or for an invoice of 0 USD, proves no rate. */
  add(cryptocurrency: string, atMs: number, amount: DecimalString, receivedUSD: DecimalString): void {
    if (!isPositive(amount) || !isPositive(receivedUSD)) return;
    const buckets = entryOf(this.#buckets, cryptocurrency, () => new Map<number, RateBucket>());
    const bucket = entryOf(buckets, Math.floor(atMs / this.bucketMs), () => newBucket(atMs));
    bucket.count += 1;
    if (atMs < bucket.first) bucket.first = atMs;
    if (atMs > bucket.last) bucket.last = atMs;
    bucket.usd.add(receivedUSD);
    bucket.crypto.add(amount);
  }

  /**
   * The amount at the rate (their USD over their crypto total, so dust weighs little) of the nearest matched
   * payments, whole buckets outwards until `ESTIMATE_PAYMENTS`, within `ESTIMATE_MAX_HOURS`; rounded once to
   * cents. Without them a US dollar stablecoin is at par; `null` for any other.
   */
  estimate(cryptocurrency: string, atMs: number, amount: DecimalString) {
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
        basis: {
          kind: 'matched-payments' as const,
          payments: count,
          withinSeconds: Math.ceil(farthest / 1000),
        },
      };
    }
    if (USD_STABLECOINS.has(cryptocurrency.toUpperCase())) {
      return {
        usd: new Big(new CentsBig(amount).div(1)),
        rate: new Big(1),
        basis: { kind: 'stablecoin-par' as const },
      };
    }
    return null;
  }
}

const isPositive = (amount: DecimalString): boolean => !amount.startsWith('-') && /[1-9]/.test(amount);

export type UsdEstimate = NonNullable<ReturnType<MatchedRates['estimate']>>;
