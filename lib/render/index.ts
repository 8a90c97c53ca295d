/** The renderings' door: the report folder, the email, and the page kit the report API's pages share. */
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
