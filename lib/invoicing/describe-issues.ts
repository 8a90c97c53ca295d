import type { z } from 'zod';
import { fieldIssues, issueText } from '../zod-issues';

/**
 * Each issue as `path: problem`, e.g. `data[3].payment.amount: expected a number`, zod's type errors in
 * plain words. Unknown keys of a strict object become one line each (`offset: not accepted here`).
 *
 * @param root the name of the value that was parsed (`data`), or `''` for named fields.
 */
export function describeIssues(issues: readonly z.core.$ZodIssue[], root = ''): string[] {
  return fieldIssues(issues, { root, unknownKey: 'not accepted here', plainTypes: true }).map((issue) =>
    issueText(issue, 'value'),
  );
}

/** Issues joined for a message, the first few only. */
export function summariseIssues(lines: readonly string[], shown = 3): string {
  const more = lines.length > shown ? ` (and ${lines.length - shown} more)` : '';
  return `${lines.slice(0, shown).join('; ')}${more}`;
}
