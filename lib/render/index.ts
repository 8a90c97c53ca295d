/**
 * The renderings' one door for other folders: the report folder written from every rendering, the
 * email, and the page kit that the report API's pages share with the report page.
 */
export { type ReportEmailOptions, renderReportEmail, renderReportText, reportSubject } from './email';
export { generateReportFolder } from './generate-report-folder';
export {
  AmountText,
  CARD_BOXES,
  type Column,
  DataTable,
  FOCUS_OUTLINE,
  look,
  Note,
  PAGE_CSS,
  PageHeader,
  Panel,
  renderHtmlDocument,
} from './page-kit';
export { openReportWorkbook } from './xlsx';
