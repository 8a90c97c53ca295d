export type { ReportEmailOptions } from './email-options';
export { renderReportEmail } from './report-email';
export { reportSubject } from './report-subject';
export { renderReportText } from './report-text';
