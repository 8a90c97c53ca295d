import type * as z from 'zod';
import { fieldIssues, issueText } from '../config';
import { EXCERPT_SOURCE_LENGTH, shortened } from './body-excerpt';
import { redactSecret } from './redact-secret';

/** Longest key of a path shown; record keys are the service's text, and could be anything. */
const KEY_SHOWN_LENGTH = 60;

/**
 * Each issue as `path: problem`, e.g. `data[3].payment.amount: expected a number`, zod's type errors in
 * plain words. Unknown keys of a strict object become one line each (`offset: not accepted here`). A key
 * that the service chose is stripped of `secret` and cut short before it is shown.
 *
 * @param root the name of the value that was parsed (`data`), or `''` for named fields.
 * @param secret removed from the keys of each path, in every form (see `redactSecret`).
 */
export function describeIssues(issues: readonly z.core.$ZodIssue[], root = '', secret?: string): string[] {
  const showKey = (key: string) =>
    key.length > EXCERPT_SOURCE_LENGTH
      ? `<a key of ${key.length} characters>`
      : shortened(redactSecret(key, secret), KEY_SHOWN_LENGTH);
  return fieldIssues(issues, { root, unknownKey: 'not accepted here', plainTypes: true, showKey }).map(
    (issue) => issueText(issue, 'value'),
  );
}

/** Issues joined for a message, the first few only. */
export function summariseIssues(lines: readonly string[], shown = 3): string {
  const more = lines.length > shown ? ` (and ${lines.length - shown} more)` : '';
  return `${lines.slice(0, shown).join('; ')}${more}`;
}
