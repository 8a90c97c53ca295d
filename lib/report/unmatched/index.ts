export { estimateBasisWords, noEstimateWords, unmatchedInWords } from './basis-words';
export {
  CANDIDATES_SHOWN,
  type EstimatedPayment,
  LIKELY_TOLERANCE_PERCENT,
  matchCandidates,
  type SearchWindow,
  searchWindowOf,
} from './match-candidates';
export type { InvoiceCandidate, UnmatchedFigures, UnmatchedPaymentFacts, UsdEstimate } from './model';
export { NO_UNMATCHED, UnmatchedCollector } from './unmatched-collector';
export { MatchedRates, rateBucketMs } from './usd-estimate';
