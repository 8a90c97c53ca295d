import type * as z from 'zod';

/**
 * zod's issues in words, for every error in the project that names a bad field: the deployment
 * configuration, the scheduled event, the report API's routes and options, the invoicing client's
 * parameters and answers, the sandbox's requests and datasets, S3 objects and email options. It
 * imports nothing of the project, so the invoicing client and the sandbox load no more than this
 * folder's small modules for it. Written here because zod's `prettifyError` spreads each
 * issue over two lines with symbols.
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
  /** Said of each key a strict object does not know; each such key is a problem of its own. @default 'is not a known field (check its spelling)' */
  unknownKey?: string;
  /**
   * Say zod's own type errors in plain words, with the type expected and the type received
   * (`missing (expected string)`, `expected number or string, received boolean`), for schemas that
   * leave those messages to zod. Off, each issue says what its schema or error map made it say.
   * @default false
   */
  plainTypes?: boolean;
  /** Applied to each key the parsed data chose before it is shown (see `formatPath`). */
  showKey?: (key: string) => string;
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
const REQUIRED = 'is required';

/**
 * A zod issue path as code would write it: `data[3].payment.amount`, `data.invoicesByProjects["0b5e…"]`.
 * `showKey` rewrites each key before it is shown: keys of a record are the data's own text, which a
 * caller may need to shorten or strip of a secret. What it returns is quoted unless it is an identifier.
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

/**
 * Each issue as a path and a message, in the order zod found them; an unknown key is reported at its
 * own path.
 *
 * @example fieldIssues(error.issues, { root: 'REPORT_CONFIG' })
 * // [{ path: 'REPORT_CONFIG.accounts[0].timezone', message: 'unknown time zone "Mars/Base"' }]
 */
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
 * @param whole what to call the value itself when the issue is about all of it (`value`); without it such an issue is its message alone
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
    // A union (number or numeric string) fails on every branch; say what the branches wanted, or the
    // complaint of the branch that got further than the type check.
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

/**
 * An error map for a parse: a missing field "is required", a value of the wrong type "must be a string"
 * (or "an object"); every other issue keeps its schema's message.
 *
 * @example schema.safeParse(input, { error: fieldTypeErrors })
 */
export const fieldTypeErrors: z.core.$ZodErrorMap = (issue) => {
  if (issue.code === 'invalid_type' && issue.input === undefined) return REQUIRED;
  if (issue.code === 'invalid_type')
    return `must be ${issue.expected === 'object' ? 'an object' : `a ${issue.expected}`}`;
  return undefined;
};

/**
 * A schema's own message for a value of the wrong type or format, while a missing value still "is
 * required". (A schema's own message wins over the parse-wide `fieldTypeErrors`, so each one has to
 * tell the two apart.)
 *
 * @example z.email({ error: mustBe('must be an email address') })
 */
export function mustBe(message: string): (issue: { input?: unknown }) => string {
  return (issue) => (issue.input === undefined ? REQUIRED : message);
}
