export type { DeliveryContext, PublishContext } from './context';
export { deliverReport, type ReportDeliveryRequest, type ReportDeliveryResult } from './deliver-report';
export {
  dispatchSlot,
  type SlotDispatch,
  type SlotEvent,
  SlotEventError,
  slotIndex,
  UnknownSlotError,
} from './dispatch-slot';
export { type LambdaContext, lambdaContext, scheduledDeliveryContext } from './lambda-context';
export { createLogger, errorAttributes, type StructuredLogger } from './logger';
export { atMilestones, type FetchedRecords } from './progress-milestones';
export { type PublishedReport, type PublishReportOptions, publishReport } from './publish-report';
export type { ReportFigures } from './report-figures';
export { resolveReportPeriod } from './report-period';
export { runScheduledReport, type ScheduledReportRunOptions } from './run-scheduled-report';
export { type AccountRunOutcome, type LocalSlotRunOptions, runSlotLocally } from './run-slot-locally';
export {
  accountNamed,
  parseScheduledEvent,
  ScheduledEventError,
  UnknownAccountError,
} from './scheduled-event';
