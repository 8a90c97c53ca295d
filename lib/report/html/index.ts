export { type HeadlineDetail, type HeadlineFigure, headlineFigures, type Tone } from './headline-figures';
export type { Variant } from './looks';
export { type CheckWording, describeCheck } from './reconciliation-check';
export { ReportContent } from './report-content';
export { sourceHost } from './report-footer';
export { reportName } from './report-header';
export { renderReportPage } from './report-page';
