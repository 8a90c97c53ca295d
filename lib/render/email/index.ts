export { type ReportEmailOptions, reportSubject } from './email-words';
export { renderReportEmail } from './report-email';
export { renderReportText } from './report-text';
