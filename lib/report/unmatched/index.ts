export { estimateBasisWords, noEstimateWords, unmatchedInWords } from './basis-words';
export {
  CANDIDATES_SHOWN,
  type EstimatedPayment,
  type InvoiceCandidate,
  LIKELY_TOLERANCE_PERCENT,
  matchCandidates,
  type SearchWindow,
  searchWindowOf,
  type UnmatchedPaymentFacts,
} from './match-candidates';
export { NO_UNMATCHED, UnmatchedCollector, type UnmatchedFigures } from './unmatched-collector';
export { MatchedRates, rateBucketMs, type UsdEstimate } from './usd-estimate';
