export { type HeadlineDetail, type HeadlineFigure, headlineFigures, type Tone } from './headline-figures';
export { LayoutTable } from './layout-table';
export { COLOURS, LOOKS, type Variant } from './looks';
export { type CheckWording, currencyCheckUnit, describeCheck } from './reconciliation-check';
export { renderToHtml } from './render';
export { ReportContent } from './report-content';
export { provenance, ReportFooter, sourceHost } from './report-footer';
export { ReportHeader, reportName } from './report-header';
export { renderReportPage } from './report-page';
