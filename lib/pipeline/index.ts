export { invoicingClientFor } from './account-client';
export type { DeliveryContext, PublishContext } from './context';
export {
  deliverMonthlyReport,
  type MonthlyReportRequest,
  type MonthlyReportResult,
} from './deliver-monthly-report';
export { dispatchSlot, type SlotDispatch, slotIndex } from './dispatch-slot';
export { ScheduledEventError, UnknownAccountError } from './errors';
export { type LambdaContext, lambdaContext, scheduledDeliveryContext } from './lambda-context';
export { atMilestones, type FetchedRecords, PROGRESS_LOG_EVERY } from './progress-milestones';
export { type PublishedReport, type PublishReportOptions, publishReport } from './publish-report';
export { type ReportFigures, reportFigures } from './report-figures';
export { resolveReportMonth } from './report-month';
export { runScheduledReport, type ScheduledReportRunOptions } from './run-scheduled-report';
export { type AccountRunOutcome, type LocalSlotRunOptions, runSlotLocally } from './run-slot-locally';
export { accountNamed, parseScheduledEvent } from './scheduled-event';
export { SlotEventError, UnknownSlotError } from './slot-errors';
