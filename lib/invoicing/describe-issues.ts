import type { z } from 'zod';
import { EXCERPT_SOURCE_LENGTH, shortened } from './body-excerpt';
import { redactSecret } from './redact-secret';

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** Longest key of a path shown; record keys are the service's text, and could be anything. */
const KEY_SHOWN_LENGTH = 60;

/** A key that is not an identifier, quoted, the secret redacted before it is cut. */
function quotedKey(key: string, secret: string | undefined): string {
  if (key.length > EXCERPT_SOURCE_LENGTH) return `<a key of ${key.length} characters>`;
  return shortened(redactSecret(JSON.stringify(key), secret), KEY_SHOWN_LENGTH);
}

/**
 * A zod issue path as code would write it: `data[3].payment.amount`, `data.invoicesByProjects["0b5e…"]`.
 * Written here because zod's `prettifyError` spreads each issue over two lines with symbols. A key that
 * the service chose is quoted, cut short and stripped of `secret`.
 */
export function formatPath(path: readonly PropertyKey[], root = '', secret?: string): string {
  let text = root;
  for (const key of path) {
    if (typeof key === 'number') text += `[${key}]`;
    else if (typeof key === 'string' && IDENTIFIER.test(key) && key.length <= KEY_SHOWN_LENGTH)
      text += `${text ? '.' : ''}${redactSecret(key, secret)}`;
    else text += `[${quotedKey(String(key), secret)}]`;
  }
  return text;
}

function received(issue: z.core.$ZodIssue): string | undefined {
  return issue.code === 'invalid_type' ? /received (\w+)/.exec(issue.message)?.[1] : undefined;
}

/** One issue's problem in plain words, without zod's "Invalid input:" prefix. */
function describeProblem(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_type' && received(issue) === 'undefined')
    return `missing (expected ${issue.expected})`;
  if (issue.code === 'invalid_union') {
    // A union (number or numeric string) fails on every branch; say what the branches wanted, or the
    // complaint of the branch that got further than the type check.
    const branches = issue.errors.map((branch) => branch[0]).filter((first) => first !== undefined);
    const deeper = branches.find((first) => first.code !== 'invalid_type' || first.path.length > 0);
    if (deeper) return describeProblem(deeper);
    const expected = [
      ...new Set(branches.map((first) => (first.code === 'invalid_type' ? first.expected : '?'))),
    ];
    const got = branches.map(received).find(Boolean);
    if (got === 'undefined') return `missing (expected ${expected.join(' or ')})`;
    return `expected ${expected.join(' or ')}${got ? `, received ${got}` : ''}`;
  }
  return issue.message.replace(/^Invalid input: /, '');
}

/**
 * Each issue as `path: problem`, e.g. `data[3].payment.amount: expected a number`. Unknown keys of a
 * strict object become one line each (`offset: not accepted here`).
 *
 * @param root the name of the value that was parsed (`data`), or `''` for named fields.
 * @param secret removed from the keys of each path, in every form (see `redactSecret`).
 */
export function describeIssues(issues: readonly z.core.$ZodIssue[], root = '', secret?: string): string[] {
  return issues.flatMap((issue) => {
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => `${formatPath([...issue.path, key], root, secret)}: not accepted here`);
    }
    const path = formatPath(issue.path, root, secret) || 'value';
    return [`${path}: ${describeProblem(issue)}`];
  });
}

/** Issues joined for a message, the first few only. */
export function summariseIssues(lines: readonly string[], shown = 3): string {
  const more = lines.length > shown ? ` (and ${lines.length - shown} more)` : '';
  return `${lines.slice(0, shown).join('; ')}${more}`;
}
