import type { Context } from 'aws-lambda';
import type { ScheduleSlot } from '../lib/config';
import { readBundledConfig } from '../lib/config';
import { createLogger, dispatchSlot, errorAttributes, type SlotDispatch, slotIndex } from '../lib/pipeline';

const logger = createLogger();

// Module scope: read and checked once per instance, on first use, so that a configuration fault is
// logged (and thrown) by an invocation rather than break the import.
let slots: ReadonlyMap<string, ScheduleSlot> | undefined;

/**
 * The fan-out's first step (a Step Functions task): `{ "slot": "monthly 1 06:00 Europe/Berlin",
 * "scheduledTime": "..." }` from the slot's schedule answers the slot's runs, one event per account, which
 * the state machine's Map state hands to the scheduled report function. It needs no AWS client: the
 * accounts come from the configuration bundled with the code.
 */
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
