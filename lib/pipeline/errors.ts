import type { FieldIssue } from '../zod-issues';

/** The scheduled function's event is not `{ account, period?, periodKind?, force? }`; `issues` names each bad field. */
export class ScheduledEventError extends Error {
  override readonly name = 'ScheduledEventError';
  readonly issues: readonly FieldIssue[];

  constructor(issues: readonly FieldIssue[]) {
    const described = issues.map((issue) => (issue.path ? `${issue.path} ${issue.message}` : issue.message));
    super(`Invalid scheduled report event: ${described.join('; ')}`);
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
