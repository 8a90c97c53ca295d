import type { FieldIssue } from '../zod-issues';

/** The fan-out's event is not `{ slot, scheduledTime? }`; `issues` names each bad field. */
export class SlotEventError extends Error {
  override readonly name = 'SlotEventError';
  readonly issues: readonly FieldIssue[];

  constructor(issues: readonly FieldIssue[]) {
    const described = issues.map((issue) => (issue.path ? `${issue.path} ${issue.message}` : issue.message));
    super(`Invalid schedule slot event: ${described.join('; ')}`);
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
