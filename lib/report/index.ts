/**
 * The report domain's one door: every folder outside `lib/report` imports from here, never a file inside it.
 * A plain re-export list, so that esbuild bundles only what a caller uses.
 */
export { type BuildReportOptions, buildReport, disposeReport } from './build-report';
export {
  type Collected,
  type CollectOptions,
  type CollectProgress,
  collectReportData,
  PROGRESS_EVERY,
} from './collect';
export { compareByCreation, FirstPaidInvoices } from './collect-first-paid-invoices';
export { type DateRange, type FetchRanges, fetchRanges } from './collect-ranges';
export { type ReportEmailOptions, renderReportEmail, renderReportText, reportSubject } from './email';
export { fetchedInWords } from './fetched-in-words';
export { formatCount, formatInstant, formatUSD } from './format';
export { type GenerateReportFolderOptions, generateReportFolder } from './generate-report-folder';
export {
  AmountText,
  CARD_BOXES,
  type Column,
  DataTable,
  FOCUS_OUTLINE,
  Lead,
  look,
  Note,
  PAGE_CSS,
  Panel,
  reconciliationOutcome,
  reconciliationWindow,
  renderHtmlDocument,
} from './html';
export { InvoiceFiguresAccumulator } from './invoice-figures';
export * from './model';
export {
  type AmountSource,
  DecimalSum,
  percentChange,
  roundFiat,
  roundHalfUp,
  roundUsd,
  sum,
  toPlainDecimal,
  ZERO,
} from './money';
export {
  compareByTransaction,
  GRACE_WINDOW_SECONDS,
  PaymentFiguresAccumulator,
  type PaymentResult,
  secondsLate,
} from './payment-figures';
export { periodHeading, periodTitle } from './period-words';
export { PreviousPeriodAccumulator } from './previous-period-figures';
export { type ProjectNames, projectLabel, projectName } from './project-names';
export { publicUrl } from './public-url';
export { type ReconcileInput, reconcile } from './reconcile';
export { TOLERANCE } from './reconcile-checks';
export { type PaidTotals, WindowLedger } from './reconcile-ledger';
export { reportPeriod, reportPeriodSpan } from './report-period';
export { summaryToJson } from './summary-json';
export { type ReportRenderers, writeReportFolder } from './write-report';
