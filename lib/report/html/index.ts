export { AmountText } from './amount-text';
export { CARD_BOXES, type CardBox, type Column, DataTable } from './data-table';
export { type HeadlineDetail, type HeadlineFigure, headlineFigures, type Tone } from './headline-figures';
export { renderHtmlDocument } from './html-document';
export { LayoutTable } from './layout-table';
export { COLOURS, LOOKS, type Look, look, type Variant } from './looks';
export { mispaidInWords, WHY_USD_ONLY } from './mispaid-invoices';
export { FOCUS_OUTLINE, PAGE_CSS } from './page-styles';
export { EMAIL_PANEL_PADDING, Lead, Note, Panel } from './panel';
export {
  type CheckFigureUnit,
  type CheckWording,
  checkFigureUnit,
  currencyCheckUnit,
  DIFFERENCES_LISTED,
  describeCheck,
  uncheckedLabel,
} from './reconciliation-check';
export {
  reconciliationOutcome,
  reconciliationWindow,
} from './reconciliation-wording';
export { renderToHtml } from './render';
export { ReportContent } from './report-content';
export { provenance, ReportFooter, sourceHost } from './report-footer';
export { ReportHeader, reportName } from './report-header';
export { renderReportPage } from './report-page';
