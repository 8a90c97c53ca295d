export { estimateBasisWords, noEstimateWords, unmatchedInWords, withinWords } from './basis-words';
export {
  CANDIDATE_LOOKBACK_DAYS,
  CANDIDATES_SHOWN,
  type EstimatedPayment,
  LIKELY_TOLERANCE_PERCENT,
  matchCandidates,
  type SearchWindow,
  searchWindowOf,
} from './match-candidates';
export type {
  InvoiceCandidate,
  UnmatchedFigures,
  UnmatchedPaymentFacts,
  UnmatchedPaymentSummary,
  UsdEstimate,
} from './model';
export {
  NO_UNMATCHED,
  UNMATCHED_PAYMENTS_LISTED,
  UnmatchedCollector,
  type UnmatchedResult,
} from './unmatched-collector';
export { ESTIMATE_MAX_HOURS, ESTIMATE_PAYMENTS, MatchedRates, rateBucketMs } from './usd-estimate';
