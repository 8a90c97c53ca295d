export { invoicingClientFor } from './account-client';
export type { DeliveryContext, PublishContext } from './context';
export {
  deliverMonthlyReport,
  type MonthlyReportRequest,
  type MonthlyReportResult,
} from './deliver-monthly-report';
export { type LambdaContext, lambdaContext } from './lambda-context';
export { type PublishedReport, publishReport } from './publish-report';
export { resolveReportMonth } from './report-month';
