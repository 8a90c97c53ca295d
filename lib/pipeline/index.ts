export {
  type DeliveryContext,
  deliverReport,
  type ReportDeliveryRequest,
  type ReportDeliveryResult,
  resolveReportPeriod,
} from './deliver-report';
export {
  type AccountRunOutcome,
  dispatchSlot,
  runSlotLocally,
  type SlotDispatch,
  type SlotEvent,
  SlotEventError,
  slotIndex,
  UnknownSlotError,
} from './dispatch-slot';
export { lambdaContext, scheduledDeliveryContext } from './lambda-context';
export {
  atMilestones,
  createLogger,
  errorAttributes,
  type FetchedRecords,
  type StructuredLogger,
} from './logger';
export { type PublishContext, publishReport } from './publish-report';
export { runScheduledReport, type ScheduledReportRunOptions } from './run-scheduled-report';
export {
  accountNamed,
  parseScheduledEvent,
  ScheduledEventError,
  UnknownAccountError,
} from './scheduled-event';
