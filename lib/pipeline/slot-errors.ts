import type { FieldIssue } from '../zod-issues';
import { eventIssuesText } from './errors';

/** The fan-out's event is not `{ slot, scheduledTime? }`; `issues` names each bad field. */
export class SlotEventError extends Error {
  override readonly name = 'SlotEventError';
  readonly issues: readonly FieldIssue[];

  constructor(issues: readonly FieldIssue[]) {
    super(`Invalid schedule slot event: ${eventIssuesText(issues)}`);
    this.issues = issues;
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
