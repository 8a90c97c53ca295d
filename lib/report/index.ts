/**
 * The report's facts, through one door: collection, money, the model, figures, reconciliation and the
 * words that state them. Every other folder imports from here, never a file inside it.
 */
export { buildReport, disposeReport } from './build-report';
export type { CollectProgress, ReportRows } from './collect';
export { type FetchRanges, fetchRanges } from './collect-ranges';
export { fetchedInWords } from './fetched-in-words';
export * from './format';
export { JUDGED_CURRENCY } from './invoice-figures';
export { INVOICE_STATUS_ORDER } from './invoice-status-order';
export { isolated } from './isolated';
export * from './model';
export { toPlainDecimal } from './money';
export { comparisonWords, monthTitle, periodHeading, periodTitle, previousPeriodName } from './period-words';
export { type ProjectNames, projectLabel, projectName } from './project-names';
export { publicUrl } from './public-url';
export * from './reconciliation-wording';
export { reportPeriod } from './report-period';
export {
  type ColumnKind,
  createPaidInvoiceRows,
  isFreeText,
  type RowTable,
  type TableColumn,
  unmatchedPaymentRows,
} from './rows';
export { summaryToJson } from './summary-json';
export {
  estimateBasisWords,
  type InvoiceCandidate,
  LIKELY_TOLERANCE_PERCENT,
  noEstimateWords,
  type UnmatchedPaymentFacts,
  unmatchedInWords,
} from './unmatched';
