import { counted, formatCount, formatUSD } from '../format';
import type { UnmatchedFigures } from './unmatched-collector';
import { ESTIMATE_MAX_HOURS, type UsdEstimate } from './usd-estimate';

/** A distance in time, rounded up: `1 minute`, `40 minutes`, `3 hours` (at most 24). */
function withinWords(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return minutes < 60 ? counted(minutes, 'minute') : counted(Math.ceil(minutes / 60), 'hour');
}

/** How an estimate was made (`from 5 BTC payments within 3 hours`), or why there is none. */
export function estimateBasisWords(estimate: UsdEstimate | null, cryptocurrency: string): string {
  if (estimate === null) return noEstimateWords(cryptocurrency);
  const { basis } = estimate;
  if (basis.kind === 'stablecoin-par') {
    return `at 1 USD per ${cryptocurrency} (a US dollar stablecoin; ${noEstimateWords(cryptocurrency)})`;
  }
  const payments = `${basis.payments} ${cryptocurrency} payment${basis.payments === 1 ? '' : 's'}`;
  return `from ${payments} within ${withinWords(basis.withinSeconds)}`;
}

const noEstimateWords = (cryptocurrency: string): string =>
  `no ${cryptocurrency} payment matched within ${ESTIMATE_MAX_HOURS} hours`;

/**
 * What waits, in one sentence: `3 payments wait to be matched, worth an estimated 1,235.05 USD (2 of
 * the 3 could be estimated); 1 has a likely invoice.`
 */
export function unmatchedInWords(
  payments: { unmatched: number } & Omit<UnmatchedFigures, 'unmatchedPayments'>,
): string {
  const { unmatched, unmatchedEstimated: estimated, unmatchedWithLikelyInvoice: likely } = payments;
  const waiting = `${formatCount(unmatched)} ${unmatched === 1 ? 'payment waits' : 'payments wait'} to be matched`;
  const worth =
    estimated === 0
      ? ', none of which could be estimated'
      : `, worth an estimated ${formatUSD(payments.unmatchedEstimatedUSD)}` +
        (estimated < unmatched
          ? ` (${formatCount(estimated)} of the ${formatCount(unmatched)} could be estimated)`
          : '');
  const having = likely === 0 ? 'none has' : likely === 1 ? '1 has' : `${formatCount(likely)} have`;
  return `${waiting}${worth}; ${having} a likely invoice.`;
}
