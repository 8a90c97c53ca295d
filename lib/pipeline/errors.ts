import type { FieldIssue } from '../zod-issues';

/**
 * An event a function cannot run: `issues` names each bad field, and the message says them in one
 * sentence (`Invalid scheduled report event: account is required; acount is not a known field`).
 * Each function's own subclass keeps its literal `name`, which the fan-out's retry rules match.
 */
export abstract class InvalidEventError extends Error {
  readonly issues: readonly FieldIssue[];

  /** @param event what the event is, such as `scheduled report event` */
  constructor(event: string, issues: readonly FieldIssue[]) {
    const text = issues.map((issue) => (issue.path ? `${issue.path} ${issue.message}` : issue.message));
    super(`Invalid ${event}: ${text.join('; ')}`);
    this.issues = issues;
  }
}

/** The scheduled function's event is not `{ account, period?, periodKind?, force? }`; `issues` names each bad field. */
export class ScheduledEventError extends InvalidEventError {
  override readonly name = 'ScheduledEventError';

  constructor(issues: readonly FieldIssue[]) {
    super('scheduled report event', issues);
  }
}

/** The event names an account the deployment does not have. */
export class UnknownAccountError extends Error {
  override readonly name = 'UnknownAccountError';

  constructor(
    readonly account: string,
    readonly knownAccounts: readonly string[],
  ) {
    super(
      `Unknown account ${JSON.stringify(account)}: the configured accounts are ${knownAccounts
        .map((name) => JSON.stringify(name))
        .join(', ')}`,
    );
  }
}
