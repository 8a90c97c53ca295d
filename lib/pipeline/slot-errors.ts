import type { FieldIssue } from '../zod-issues';
import { InvalidEventError } from './errors';

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
