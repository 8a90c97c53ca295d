import * as z from 'zod';
import { type DeploymentConfig, type FieldIssue, type ScheduleSlot, scheduleSlots } from '../config';
import {
  InvalidEventError,
  readEvent,
  type ScheduledReportEvent,
  scheduledTimeIssue,
  scheduledTimeSchema,
} from './scheduled-event';

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

/** The fan-out's event is not `{ slot, scheduledTime? }`; `issues` names each bad field. */
export class SlotEventError extends InvalidEventError {
  override readonly name = 'SlotEventError';

  constructor(issues: readonly FieldIssue[]) {
    super('schedule slot event', issues);
  }
}

/**
 * The event names a slot no account of this deployment is in: a schedule left over from an earlier
 * configuration, or a mistyped slot in a manual run.
 */
export class UnknownSlotError extends Error {
  override readonly name = 'UnknownSlotError';

  constructor(readonly slot: string) {
    super(
      `No account is scheduled in slot ${JSON.stringify(slot)}; slots look like "monthly 1 06:00 Europe/Berlin"`,
    );
  }
}

/** A slot's runs, one event per account for the scheduled function, as the fan-out iterates them. */
export interface SlotDispatch {
  slot: string;
  runs: ScheduledReportEvent[];
}

/** The deployment's slots by id; made once per process, since the configuration does not change in it. */
export function slotIndex(config: Pick<DeploymentConfig, 'accounts'>): ReadonlyMap<string, ScheduleSlot> {
  return new Map(scheduleSlots(config.accounts).map((slot) => [slot.id, slot]));
}

/**
 * The first step of the fan-out: the runs of the slot a schedule fired for, each carrying the slot's
 * period kind and the time the schedule fired, so that every account reports the period the schedule
 * meant however late its run starts. A slot started by hand without `scheduledTime` gets `now`, the
 * same for all its accounts (and the fan-out's dead-letter message always has one to show).
 *
 * @example dispatchSlot({ slot: 'monthly 1 06:00 Europe/Berlin', scheduledTime: '2026-11-01T05:00:00Z' }, slots)
 * // { slot: '…', runs: [{ account: 'acme', periodKind: 'month', scheduledTime: '2026-11-01T05:00:00Z' }, …] }
 * @throws SlotEventError naming each bad field (a `scheduledTime` later than now too); UnknownSlotError for a
 * slot without accounts
 */
export function dispatchSlot(
  event: unknown,
  slots: ReadonlyMap<string, ScheduleSlot>,
  now: () => Date = () => new Date(),
): SlotDispatch {
  const parsed = readEvent(event, slotEventSchema, '{"slot":"monthly 1 06:00 UTC"}', SlotEventError);
  const { slot: id } = parsed;
  const slot = slots.get(id);
  if (slot === undefined) throw new UnknownSlotError(id);
  const dispatchedAt = now();
  const issue = parsed.scheduledTime && scheduledTimeIssue(parsed.scheduledTime, dispatchedAt);
  if (issue) throw new SlotEventError([issue]);
  const scheduledTime = parsed.scheduledTime ?? dispatchedAt.toISOString();
  return {
    slot: id,
    runs: slot.accounts.map((account) => ({ account, periodKind: slot.periodKind, scheduledTime })),
  };
}
