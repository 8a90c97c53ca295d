import type { UsdEstimate } from './model';
import { ESTIMATE_MAX_HOURS } from './usd-estimate';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * A distance in time as a reader weighs it, rounded up: `1 minute`, `40 minutes`, `3 hours`.
 * @example withinWords(7_300) // '3 hours'
 */
export function withinWords(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  if (minutes < 60) return plural(minutes, 'minute', 'minutes');
  return plural(Math.ceil(minutes / 60), 'hour', 'hours');
}

/**
 * How an estimate was made, in words: the one wording every rendering uses.
 * @example estimateBasisWords(estimate, 'BTC') // 'from 5 BTC payments within 3 hours'
 */
export function estimateBasisWords(estimate: UsdEstimate, cryptocurrency: string): string {
  const { basis } = estimate;
  if (basis.kind === 'stablecoin-par') {
    return `at 1 USD per ${cryptocurrency} (a US dollar stablecoin; no ${cryptocurrency} payment matched within ${ESTIMATE_MAX_HOURS} hours)`;
  }
  return `from ${plural(basis.payments, `${cryptocurrency} payment`, `${cryptocurrency} payments`)} within ${withinWords(basis.withinSeconds)}`;
}

/** Why a payment has no estimate, in words. */
export function noEstimateWords(cryptocurrency: string): string {
  return `no ${cryptocurrency} payment matched within ${ESTIMATE_MAX_HOURS} hours`;
}
