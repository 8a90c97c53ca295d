export * from './deliver-report';
export { dispatchSlot, runSlotLocally, type SlotDispatch, slotIndex } from './dispatch-slot';
export { lambdaContext, scheduledDeliveryContext } from './lambda-context';
export { createLogger, errorAttributes, type FetchedRecords, type StructuredLogger } from './logger';
export { type PublishContext, publishReport } from './publish-report';
export { runScheduledReport, type ScheduledReportRunOptions } from './run-scheduled-report';
export * from './scheduled-event';
