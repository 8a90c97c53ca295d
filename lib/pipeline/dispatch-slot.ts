import pLimit from 'p-limit';
import { type DeploymentConfig, type ScheduleSlot, scheduleSlots } from '../config';
import {
  checkScheduledTime,
  readEvent,
  type ScheduledReportEvent,
  SlotEventError,
  slotEventSchema,
  UnknownSlotError,
} from './scheduled-event';

/** A slot's runs, one event per account for the scheduled function. */
export type SlotDispatch = { slot: string; runs: ScheduledReportEvent[] };

/** The deployment's slots by id; made once per process. */
export function slotIndex(config: Pick<DeploymentConfig, 'accounts'>): ReadonlyMap<string, ScheduleSlot> {
  return new Map(scheduleSlots(config.accounts).map((slot) => [slot.id, slot]));
}

/**
 * The first step of the fan-out: the runs of the slot a schedule fired for, each with the slot's period
 * kind and the time the schedule fired (`now` for a slot started by hand without it).
 * @example dispatchSlot({ slot: 'monthly 1 06:00 Europe/Berlin', scheduledTime: '2026-11-01T05:00:00Z' }, slots)
 * // { slot: '…', runs: [{ account: 'acme', periodKind: 'month', scheduledTime: '2026-11-01T05:00:00Z' }, …] }
 * @throws SlotEventError naming each bad field (a `scheduledTime` later than now too); UnknownSlotError
 */
export function dispatchSlot(
  event: unknown,
  slots: ReadonlyMap<string, ScheduleSlot>,
  now: () => Date = () => new Date(),
): SlotDispatch {
  const parsed = readEvent(event, slotEventSchema, '{"slot":"monthly 1 06:00 UTC"}', SlotEventError);
  const slot = slots.get(parsed.slot);
  if (slot === undefined) {
    const words = `slot ${JSON.stringify(parsed.slot)}; slots look like "monthly 1 06:00 Europe/Berlin"`;
    throw new UnknownSlotError(`No account is scheduled in ${words}`);
  }
  const dispatchedAt = now();
  checkScheduledTime(parsed.scheduledTime, dispatchedAt, SlotEventError);
  const scheduledTime = parsed.scheduledTime ?? dispatchedAt.toISOString();
  return {
    slot: parsed.slot,
    runs: slot.accounts.map((account) => ({ account, periodKind: slot.periodKind, scheduledTime })),
  };
}

export type AccountRunOutcome<T> =
  | { account: string; status: 'done'; result: T }
  | { account: string; status: 'failed'; error: unknown };

/**
 * Runs a dispatch here as the fan-out does: `concurrency` at a time, in order, each failure an outcome.
 * Retries and the dead-letter queue are the deployment's, so a failure here is reported, not retried.
 */
export async function runSlotLocally<T>(
  dispatch: SlotDispatch,
  options: { concurrency: number; run: (event: ScheduledReportEvent) => Promise<T> },
): Promise<AccountRunOutcome<T>[]> {
  const limit = pLimit(options.concurrency);
  return Promise.all(
    dispatch.runs.map((event) =>
      limit(async (): Promise<AccountRunOutcome<T>> => {
        try {
          return { account: event.account, status: 'done', result: await options.run(event) };
        } catch (error) {
          return { account: event.account, status: 'failed', error };
        }
      }),
    ),
  );
}
