/** The report's facts (collection, money, model, figures, reconciliation) and their words: one door. */
export { buildReport, disposeReport, publicUrl } from './build-report';
export type { CollectProgress, ReportRows } from './collect';
export { JUDGED_CURRENCY } from './figures';
export * from './format';
export * from './model';
export { toPlainDecimal } from './money';
export * from './period-words';
export * from './reconciliation-wording';
export { type FetchRanges, fetchRanges, reportPeriod } from './report-period';
export {
  type ColumnKind,
  createPaidInvoiceRows,
  isFreeText,
  type RowTable,
  type TableColumn,
  unmatchedPaymentRows,
} from './rows';
export {
  estimateBasisWords,
  type InvoiceCandidate,
  LIKELY_TOLERANCE_PERCENT,
  type UnmatchedPaymentFacts,
  unmatchedInWords,
} from './unmatched';
