import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  describeError,
  errorParts,
  fieldIssues,
  fieldTypeErrors,
  formatPath,
  issueText,
  mustBe,
  wrappedError,
} from '../../../lib/config/errors';

describe('errorParts', () => {
  it("gives an error's name and message", () => {
    expect(errorParts(new RangeError('port 70000 is out of range'))).toEqual({
      name: 'RangeError',
      message: 'port 70000 is out of range',
    });
  });

  it('gives the type and text of a thrown value that is not an Error', () => {
    expect(errorParts('boom')).toEqual({ name: 'string', message: 'boom' });
    expect(errorParts(42)).toEqual({ name: 'number', message: '42' });
  });
});

describe('describeError', () => {
  it('names the error and its message on one line', () => {
    expect(describeError(new TypeError('fetch failed'))).toBe('TypeError: fetch failed');
  });

  it('stops at the first line break of the message', () => {
    expect(describeError(new Error('listen EADDRINUSE\n    at Server.listen (node:net:1)'))).toBe(
      'Error: listen EADDRINUSE',
    );
  });

  it('gives the first line of a thrown value that is not an Error', () => {
    expect(describeError('first\nsecond')).toBe('first');
  });
});

describe('wrappedError', () => {
  it('gives the error one level down', () => {
    const socket = new Error('connect ECONNREFUSED 127.0.0.1:9');
    const outer = new TypeError('fetch failed', { cause: new Error('middle', { cause: socket }) });
    expect((wrappedError(outer) as Error).message).toBe('middle');
  });

  it('gives the error itself when it wraps none, or wraps something that is not an Error', () => {
    const alone = new Error('alone');
    const withText = new Error('outer', { cause: 'a string' });
    expect(wrappedError(alone)).toBe(alone);
    expect(wrappedError(withText)).toBe(withText);
  });
});

/** The issues of a value the schema must refuse. */
function issuesOf(schema: z.ZodType, value: unknown, error?: z.core.$ZodErrorMap): z.core.$ZodIssue[] {
  const result = schema.safeParse(value, error ? { error } : undefined);
  expect(result.success, 'the value was accepted').toBe(false);
  return result.error!.issues;
}

describe('formatPath', () => {
  it('writes indexes in brackets and names after dots', () => {
    expect(formatPath([3, 'payment', 'amount'], 'data')).toBe('data[3].payment.amount');
    expect(formatPath(['startDate'])).toBe('startDate');
  });

  it('quotes keys that are not identifiers', () => {
    expect(formatPath(['invoicesByDate', '2026-01-02', 'value'], 'data')).toBe(
      'data.invoicesByDate["2026-01-02"].value',
    );
  });

  it('names the root alone for the whole value, and nothing without a root', () => {
    expect(formatPath([], 'REPORT_CONFIG')).toBe('REPORT_CONFIG');
    expect(formatPath([])).toBe('');
  });
});

describe('fieldIssues', () => {
  const account = z.strictObject({ name: z.string().min(1, 'must not be empty'), tags: z.array(z.string()) });

  it("keeps each schema's own message, at the field's path", () => {
    expect(fieldIssues(issuesOf(account, { name: '', tags: ['a', 7] }))).toEqual([
      { path: 'name', message: 'must not be empty' },
      { path: 'tags[1]', message: 'Invalid input: expected string, received number' },
    ]);
  });

  it('puts the root before every path', () => {
    expect(
      fieldIssues(
        issuesOf(z.object({ accounts: z.array(account) }), { accounts: [{ name: '', tags: [] }] }),
        { root: 'REPORT_CONFIG' },
      ),
    ).toEqual([{ path: 'REPORT_CONFIG.accounts[0].name', message: 'must not be empty' }]);
  });

  it('reports each unknown key at its own path, in the words given or the default ones', () => {
    const issues = issuesOf(account, { name: 'a', tags: [], colour: 'red', 'time-zone': 'UTC' });
    expect(fieldIssues(issues)).toEqual([
      { path: 'colour', message: 'is not a known field (check its spelling)' },
      { path: '["time-zone"]', message: 'is not a known field (check its spelling)' },
    ]);
    expect(fieldIssues(issues, { unknownKey: 'not accepted here' }).map((issue) => issue.message)).toEqual([
      'not accepted here',
      'not accepted here',
    ]);
  });

  describe('with plain types', () => {
    const amount = z.object({ amount: z.union([z.number(), z.string()]), note: z.string() });

    it('says a missing member is missing and what was expected', () => {
      expect(fieldIssues(issuesOf(amount, { amount: 1 }), { plainTypes: true })).toEqual([
        { path: 'note', message: 'missing (expected string)' },
      ]);
    });

    it('says which types a union wanted and which came', () => {
      expect(fieldIssues(issuesOf(amount, { amount: true, note: '' }), { plainTypes: true })).toEqual([
        { path: 'amount', message: 'expected number or string, received boolean' },
      ]);
    });

    it("drops zod's prefix from a wrong type", () => {
      expect(fieldIssues(issuesOf(amount, 'text'), { plainTypes: true })).toEqual([
        { path: '', message: 'expected object, received string' },
      ]);
    });
  });
});

describe('issueText', () => {
  it('writes the path, a colon and the message', () => {
    expect(issueText({ path: 'accounts[0].timezone', message: 'unknown time zone "Mars/Base"' })).toBe(
      'accounts[0].timezone: unknown time zone "Mars/Base"',
    );
  });

  it('names the whole value as told, or gives the message alone', () => {
    expect(issueText({ path: '', message: 'expected object' }, 'value')).toBe('value: expected object');
    expect(issueText({ path: '', message: 'the event must be an object' })).toBe(
      'the event must be an object',
    );
  });
});

describe('fieldTypeErrors', () => {
  const event = z.object({
    account: z.string(),
    force: z.boolean().optional(),
    window: z.object({}).optional(),
  });

  it('says a missing field is required and a wrong type what it must be', () => {
    const issues = issuesOf(event, { force: 'yes', window: [] }, fieldTypeErrors);
    expect(fieldIssues(issues)).toEqual([
      { path: 'account', message: 'is required' },
      { path: 'force', message: 'must be a boolean' },
      { path: 'window', message: 'must be an object' },
    ]);
  });

  it("leaves a schema's own message alone", () => {
    const month = z.object({ month: z.string().regex(/^\d{4}-\d{2}$/, 'must be a month as YYYY-MM') });
    expect(fieldIssues(issuesOf(month, { month: '10/2026' }, fieldTypeErrors))).toEqual([
      { path: 'month', message: 'must be a month as YYYY-MM' },
    ]);
  });
});

describe('mustBe', () => {
  const settings = z.object({ alarmEmail: z.email({ error: mustBe('must be an email address') }) });

  it("gives the schema's message for a value of the wrong format or type", () => {
    expect(fieldIssues(issuesOf(settings, { alarmEmail: 'ops' }, fieldTypeErrors))).toEqual([
      { path: 'alarmEmail', message: 'must be an email address' },
    ]);
    expect(fieldIssues(issuesOf(settings, { alarmEmail: 42 }, fieldTypeErrors))).toEqual([
      { path: 'alarmEmail', message: 'must be an email address' },
    ]);
  });

  it('still says a missing value is required', () => {
    expect(fieldIssues(issuesOf(settings, {}, fieldTypeErrors))).toEqual([
      { path: 'alarmEmail', message: 'is required' },
    ]);
  });
});
