export { AmountText } from './cells';
export { headlineFigures } from './figures';
export { mispaidInWords, WHY_USD_ONLY } from './lists';
export { COLOURS, LOOKS, look, VariantContext } from './looks';
export { FOCUS_OUTLINE, PAGE_CSS } from './page-styles';
export {
  CARD_BOXES,
  type Column,
  DataTable,
  EMAIL_PANEL_PADDING,
  LayoutTable,
  Note,
  PageHeader,
  Panel,
  renderHtmlDocument,
  renderToHtml,
} from './panel';
export { provenance, ReportContent, reportName } from './report-content';
