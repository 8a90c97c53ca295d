import type * as z from 'zod';

/**
 * zod's issues in words, for every error in the project that names a bad field (zod's `prettifyError`
 * spreads each over two lines with symbols). It imports nothing of the project.
 */

/** One problem with a value: where (`accounts[0].timezone`, or `''` for the value itself) and what. */
export interface FieldIssue {
  path: string;
  message: string;
}

/** How `fieldIssues` words the issues. */
export interface FieldIssueOptions {
  /** The name of the parsed value, put before every path: `data` gives `data[3].payment.amount`. @default '' */
  root?: string;
  /** Said of each key a strict object does not know. @default 'is not a known field (check its spelling)' */
  unknownKey?: string;
  /** Word zod's own type errors plainly: `missing (expected string)`, `expected number, received boolean`. @default false */
  plainTypes?: boolean;
  /** Applied to each key the parsed data chose before it is shown (see `formatPath`). */
  showKey?: (key: string) => string;
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
const REQUIRED = 'is required';

/**
 * A zod issue path as code would write it: `data[3].payment.amount`, `data.byProject["0b5e…"]`.
 * `showKey` rewrites each key first (a record's keys are the data's own text, maybe long or secret).
 */
export function formatPath(
  path: readonly PropertyKey[],
  root = '',
  showKey: (key: string) => string = (key) => key,
): string {
  let text = root;
  for (const key of path) {
    if (typeof key === 'number') {
      text += `[${key}]`;
      continue;
    }
    const shown = showKey(String(key));
    text += IDENTIFIER.test(shown) ? `${text ? '.' : ''}${shown}` : `[${JSON.stringify(shown)}]`;
  }
  return text;
}

/** Each issue as a path and a message, in zod's order; each unknown key at its own path. */
export function fieldIssues(
  issues: readonly z.core.$ZodIssue[],
  {
    root = '',
    unknownKey = 'is not a known field (check its spelling)',
    plainTypes = false,
    showKey,
  }: FieldIssueOptions = {},
): FieldIssue[] {
  return issues.flatMap((issue): FieldIssue[] => {
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({
        path: formatPath([...issue.path, key], root, showKey),
        message: unknownKey,
      }));
    }
    return [
      {
        path: formatPath(issue.path, root, showKey),
        message: plainTypes ? plainProblem(issue) : issue.message,
      },
    ];
  });
}

/**
 * One issue as a line: `accounts[0].timezone: unknown time zone "Mars/Base"`.
 * @param whole the name of the value itself, for an issue about all of it
 */
export function issueText({ path, message }: FieldIssue, whole = ''): string {
  const where = path || whole;
  return where ? `${where}: ${message}` : message;
}

function received(issue: z.core.$ZodIssue): string | undefined {
  return issue.code === 'invalid_type' ? /received (\w+)/.exec(issue.message)?.[1] : undefined;
}

/** One issue's problem in plain words, without zod's "Invalid input:" prefix. */
function plainProblem(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_type' && received(issue) === 'undefined')
    return `missing (expected ${issue.expected})`;
  if (issue.code === 'invalid_union') {
    // Say what the branches wanted, or the complaint of a branch that got past the type check.
    const branches = issue.errors.map((branch) => branch[0]).filter((first) => first !== undefined);
    const deeper = branches.find((first) => first.code !== 'invalid_type' || first.path.length > 0);
    if (deeper) return plainProblem(deeper);
    const expected = [
      ...new Set(branches.map((first) => (first.code === 'invalid_type' ? first.expected : '?'))),
    ];
    const got = branches.map(received).find(Boolean);
    if (got === 'undefined') return `missing (expected ${expected.join(' or ')})`;
    return `expected ${expected.join(' or ')}${got ? `, received ${got}` : ''}`;
  }
  return issue.message.replace(/^Invalid input: /, '');
}

/** An error map: a missing field "is required", a wrong type "must be a string"; others keep their message. */
export const fieldTypeErrors: z.core.$ZodErrorMap = (issue) => {
  if (issue.code === 'invalid_type' && issue.input === undefined) return REQUIRED;
  if (issue.code === 'invalid_type')
    return `must be ${issue.expected === 'object' ? 'an object' : `a ${issue.expected}`}`;
  return undefined;
};

/**
 * A schema's own message for a wrong value, while a missing one still "is required" (a schema's message
 * wins over `fieldTypeErrors`). @example z.email({ error: mustBe('must be an email address') })
 */
export function mustBe(message: string): (issue: { input?: unknown }) => string {
  return (issue) => (issue.input === undefined ? REQUIRED : message);
}
