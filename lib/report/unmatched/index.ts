export { estimateBasisWords, unmatchedInWords } from './basis-words';
export {
  CANDIDATES_SHOWN,
  type InvoiceCandidate,
  LIKELY_TOLERANCE_PERCENT,
  type UnmatchedPaymentFacts,
} from './match-candidates';
export { NO_UNMATCHED, UnmatchedCollector } from './unmatched-collector';
