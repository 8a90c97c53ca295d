import type { Context } from 'aws-lambda';
import type { ScheduleSlot } from '../lib/config';
import { readBundledConfig } from '../lib/config';
import { createLogger, dispatchSlot, errorAttributes, type SlotDispatch, slotIndex } from '../lib/pipeline';

const logger = createLogger();

// Read on first use, so that a configuration fault is logged by an invocation rather than break the import.
let slots: ReadonlyMap<string, ScheduleSlot> | undefined;

/** The fan-out's first step: `{ slot, scheduledTime }` answers one run per account of the slot. */
export async function handler(event: unknown, context: Context): Promise<SlotDispatch> {
  logger.addContext(context);
  try {
    slots ??= slotIndex(readBundledConfig());
    const dispatch = dispatchSlot(event, slots);
    logger.info('Schedule slot dispatched', { slot: dispatch.slot, accounts: dispatch.runs.length });
    return dispatch;
  } catch (error) {
    logger.error('Schedule slot could not be dispatched', errorAttributes(error));
    throw error;
  }
}
