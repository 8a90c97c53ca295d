export { estimateBasisWords, noEstimateWords, unmatchedInWords, withinWords } from './basis-words';
export {
  CANDIDATES_SHOWN,
  type EstimatedPayment,
  LIKELY_TOLERANCE_PERCENT,
  matchCandidates,
} from './match-candidates';
export type {
  CandidateStatus,
  EstimateBasis,
  InvoiceCandidate,
  UnmatchedFigures,
  UnmatchedPaymentFacts,
  UnmatchedPaymentSummary,
  UsdEstimate,
} from './model';
export {
  activeAt,
  CANDIDATE_LOOKBACK_DAYS,
  type SearchWindow,
  searchWindowOf,
} from './search-window';
export {
  NO_UNMATCHED,
  summaryEntry,
  UNMATCHED_PAYMENTS_LISTED,
  UnmatchedCollector,
  type UnmatchedResult,
} from './unmatched-collector';
export {
  ESTIMATE_MAX_HOURS,
  ESTIMATE_PAYMENTS,
  isUsdStablecoin,
  MatchedRates,
  rateBucketMs,
  USD_STABLECOINS,
} from './usd-estimate';
