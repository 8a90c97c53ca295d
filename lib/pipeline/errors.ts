import type { FieldIssue } from '../zod-issues';

/** An event's bad fields in one sentence: `account is required; acount is not a known field`. */
export function eventIssuesText(issues: readonly FieldIssue[]): string {
  return issues.map((issue) => (issue.path ? `${issue.path} ${issue.message}` : issue.message)).join('; ');
}

/** The scheduled function's event is not `{ account, period?, periodKind?, force? }`; `issues` names each bad field. */
export class ScheduledEventError extends Error {
  override readonly name = 'ScheduledEventError';
  readonly issues: readonly FieldIssue[];

  constructor(issues: readonly FieldIssue[]) {
    super(`Invalid scheduled report event: ${eventIssuesText(issues)}`);
    this.issues = issues;
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
