import { type ParseArgsConfig, parseArgs } from 'node:util';
import type * as z from 'zod';

// Errors every folder may use, and zod's issues in words (`prettifyError` spreads each over two lines).

/** One problem with a value: where (`accounts[0].timezone`, or `''` for the value itself) and what. */
export interface FieldIssue {
  path: string;
  message: string;
}

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

/**
 * The options of a command line without positionals (`node:util`'s strict `parseArgs`).
 * @param word the usage error's message from Node's error; by default its message on one line
 * @throws UsageError for an unknown option, a missing value or an argument without an option
 */
export function commandLineOptions<const O extends NonNullable<ParseArgsConfig['options']>>(
  argv: readonly string[],
  options: O,
  word = (error: NodeJS.ErrnoException) => error.message.replace(/\s*\n\s*/g, ' '),
) {
  try {
    return parseArgs({ args: [...argv], options, strict: true, allowPositionals: false }).values;
  } catch (error) {
    throw new UsageError(word(error as NodeJS.ErrnoException));
  }
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

/** An error's name and message; for a thrown value that is not an `Error`, its type and its text. */
export function errorParts(error: unknown): { name: string; message: string } {
  if (error instanceof Error) return { name: error.name, message: error.message };
  return { name: typeof error, message: String(error) };
}

/** `Name: message` up to the first line break (a library may go on with a dump of the request). */
export function describeError(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.split('\n')[0]!;
}

/** The error `error` wraps (the socket's inside `fetch`'s "fetch failed"), or `error` itself. */
export function wrappedError(error: unknown): unknown {
  return error instanceof Error && error.cause instanceof Error ? error.cause : error;
}

/**
 * The wait before retry number `retry` (0 for the first): "full jitter", a uniform pick in
 * [0, min(capMs, baseMs × 2^retry)), so runs throttled together do not retry together.
 */
export function fullJitterMs(retry: number, baseMs: number, capMs: number, random: () => number): number {
  return Math.floor(random() * Math.min(capMs, baseMs * 2 ** retry));
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

/**
 * Each issue as a path (after `root`: `data` gives `data[3].payment.amount`; each key the data chose
 * through `showKey`) and a message, in zod's order; each unknown key at its own path, as `unknownKey`.
 * `plainTypes` words zod's own type errors plainly: `missing (expected string)`, `expected number, received boolean`.
 */
export function fieldIssues(
  issues: readonly z.core.$ZodIssue[],
  {
    root = '',
    unknownKey = 'is not a known field (check its spelling)',
    plainTypes = false,
    showKey,
  }: { root?: string; unknownKey?: string; plainTypes?: boolean; showKey?: (key: string) => string } = {},
): FieldIssue[] {
  return issues.flatMap((issue): FieldIssue[] =>
    issue.code === 'unrecognized_keys'
      ? issue.keys.map((key) => ({
          path: formatPath([...issue.path, key], root, showKey),
          message: unknownKey,
        }))
      : [
          {
            path: formatPath(issue.path, root, showKey),
            message: plainTypes ? plainProblem(issue) : issue.message,
          },
        ],
  );
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
