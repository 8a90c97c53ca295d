export { renderReportPage } from './report-page';
