import * as z from 'zod';
import { scheduledTimeSchema } from './scheduled-report-event';

/**
 * What a slot's schedule starts the fan-out with: `{ "slot": "monthly 1 06:00 Europe/Berlin",
 * "scheduledTime": "<aws.scheduler.scheduled-time>" }`. An operator starts it the same way to re-run a slot.
 */
export const slotEventSchema = z.strictObject({
  /** A slot's id (see `slotId`). */
  slot: z.string().min(1, 'must be a schedule slot such as "monthly 1 06:00 Europe/Berlin"').max(200),
  /** When the schedule fired. @default the time the fan-out runs */
  scheduledTime: scheduledTimeSchema.optional(),
});

/** The fan-out's input. */
export type SlotEvent = z.infer<typeof slotEventSchema>;
