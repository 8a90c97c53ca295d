export { type ListSheet, openReportWorkbook } from './report-workbook';
