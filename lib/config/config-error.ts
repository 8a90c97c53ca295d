import { type FieldIssue, issueText } from './zod-issues';

/** A configuration or runtime environment that cannot be used; `issues` lists every bad field. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  readonly issues: readonly FieldIssue[];

  constructor(title: string, issues: readonly FieldIssue[], options?: { cause?: unknown }) {
    super(`${title}:\n${issues.map((issue) => `  - ${issueText(issue)}`).join('\n')}`, options);
    this.issues = issues;
  }
}

/** A command was called wrongly: its message says how to call it, and the command exits 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** `command`'s exit status; a `UsageError` it throws goes to `stderr` after `prefix`, and the status is 2. */
export async function exitOnUsageError(
  prefix: string,
  stderr: { write(text: string): unknown },
  command: () => Promise<number>,
): Promise<number> {
  try {
    return await command();
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    stderr.write(`${prefix}${error.message}\n`);
    return 2;
  }
}
