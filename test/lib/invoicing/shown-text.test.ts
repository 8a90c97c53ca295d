import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  BODY_EXCERPT_LENGTH,
  bodyExcerpt,
  contentTypeOf,
  describeIssues,
  EXCERPT_SOURCE_LENGTH,
  requestIdOf,
  shortened,
  summariseIssues,
} from '../../../lib/invoicing/errors';
import { invoiceStatisticsSchema, listInvoicesParamsSchema } from '../../../lib/invoicing/schemas';

describe('bodyExcerpt', () => {
  it('collapses whitespace to single spaces on one line', () => {
    expect(bodyExcerpt('<html>\n  <body>\r\n\tBad   gateway</body>\n</html>\n')).toBe(
      '<html> <body> Bad gateway</body> </html>',
    );
  });

  it('keeps a short body whole', () => {
    expect(bodyExcerpt('{"result":"error"}')).toBe('{"result":"error"}');
  });

  it('cuts a long body to the excerpt length, ending with an ellipsis', () => {
    const excerpt = bodyExcerpt('x'.repeat(5000));

    expect(excerpt).toHaveLength(BODY_EXCERPT_LENGTH);
    expect(excerpt).toBe(`${'x'.repeat(BODY_EXCERPT_LENGTH - 1)}…`);
  });

  it('redacts every copy of the secret', () => {
    expect(bodyExcerpt('key sk-123 rejected; sk-123 is unknown', 'sk-123')).toBe(
      'key [redacted] rejected; [redacted] is unknown',
    );
  });

  it('redacts before cutting, so no prefix of the secret survives at the cut', () => {
    const secret = 'sk-live-0123456789abcdef';
    const body = `${'a'.repeat(BODY_EXCERPT_LENGTH - 10)}${secret}`;
    const excerpt = bodyExcerpt(body, secret);

    expect(excerpt).not.toContain('sk-live');
    expect(excerpt?.startsWith('a'.repeat(BODY_EXCERPT_LENGTH - 10))).toBe(true);
  });

  it('redacts the secret in its encoded forms too', () => {
    expect(bodyExcerpt('{"token":"sk_live\\/AbC+123456"}', 'sk_live/AbC+123456')).toBe(
      '{"token":"[redacted]"}',
    );
  });

  it('shows nothing of a body too long to search whole for the secret', () => {
    expect(bodyExcerpt('x'.repeat(EXCERPT_SOURCE_LENGTH), 'secret')).toHaveLength(BODY_EXCERPT_LENGTH);
    expect(bodyExcerpt('x'.repeat(EXCERPT_SOURCE_LENGTH + 1), 'secret')).toBeUndefined();
  });

  it('does not split an emoji at the cut', () => {
    const excerpt = bodyExcerpt(`${'a'.repeat(BODY_EXCERPT_LENGTH - 2)}😀 tail`);

    expect(excerpt).toBe(`${'a'.repeat(BODY_EXCERPT_LENGTH - 2)}…`);
  });
});

describe('shortened', () => {
  it('keeps a text that fits and cuts a longer one with an ellipsis', () => {
    expect(shortened('abcdef', 6)).toBe('abcdef');
    expect(shortened('abcdefg', 6)).toBe('abcde…');
  });
});

const KEY = 'sk_live/AbC+123456';

describe('requestIdOf', () => {
  it('keeps an id made of letters, digits and a little punctuation', () => {
    expect(requestIdOf(new Headers({ 'x-request-id': ' req-42 ' }), KEY)).toBe('req-42');
    expect(requestIdOf(new Headers({ 'x-request-id': '6f1c2a4e-8b3d-4c5f-9a7e-1d2b3c4d5e6f' }), KEY)).toBe(
      '6f1c2a4e-8b3d-4c5f-9a7e-1d2b3c4d5e6f',
    );
  });

  it('drops an id that is text, too long, or holds the key in any form', () => {
    const idOf = (value: string) => requestIdOf(new Headers({ 'x-request-id': value }), KEY);

    expect(idOf('<script>alert(1)</script>')).toBeUndefined();
    expect(idOf('id with spaces')).toBeUndefined();
    expect(idOf('a'.repeat(129))).toBeUndefined();
    expect(idOf(KEY)).toBeUndefined();
    expect(idOf('sk_live%2FAbC%2B123456')).toBeUndefined();
    expect(requestIdOf(new Headers(), KEY)).toBeUndefined();
  });
});

describe('contentTypeOf', () => {
  it('shows the content type as sent', () => {
    expect(contentTypeOf(new Headers({ 'content-type': 'text/html; charset=UTF-8' }), KEY)).toBe(
      'text/html; charset=UTF-8',
    );
  });

  it('names a missing or unreadable one in words', () => {
    expect(contentTypeOf(new Headers(), KEY)).toBe('no content type');
    expect(contentTypeOf({ get: () => 'text/html\u0000' }, KEY)).toBe('an unreadable content type');
  });

  it('redacts the key and cuts a long one short', () => {
    expect(contentTypeOf(new Headers({ 'content-type': `text/plain; token=${KEY}` }), KEY)).toBe(
      'text/plain; token=[redacted]',
    );
    expect(contentTypeOf(new Headers({ 'content-type': `text/plain; x=${'y'.repeat(200)}` }), KEY)).toBe(
      `text/plain; x=${'y'.repeat(85)}…`,
    );
  });
});

describe('describeIssues with keys the service chose', () => {
  const byKey = z.object({ invoicesByProjects: z.record(z.string(), z.number()) });
  const keyIssues = (key: string) => {
    const result = byKey.safeParse({ invoicesByProjects: { [key]: 'x' } });
    expect(result.success).toBe(false);
    return result.error!.issues;
  };

  it('redacts the secret from a key, in any form, and cuts a long one short', () => {
    const key = 'sk_live/AbC+123456';

    expect(describeIssues(keyIssues(`token ${key}`), 'data', key)[0]).toMatch(
      /^data\.invoicesByProjects\["token \[redacted\]"\]: /,
    );
    expect(describeIssues(keyIssues(key.replace('/', '\\/')), 'data', key)[0]).toMatch(
      /^data\.invoicesByProjects\["\[redacted\]"\]: /,
    );
    expect(describeIssues(keyIssues('x'.repeat(100)), 'data')[0]).toMatch(
      new RegExp(`^data\\.invoicesByProjects\\["${'x'.repeat(59)}…"\\]: `),
    );
    expect(describeIssues(keyIssues('x'.repeat(70_000)), 'data')[0]).toMatch(
      /^data\.invoicesByProjects\["<a key of 70000 characters>"\]: /,
    );
  });
});

describe('describeIssues', () => {
  it('says a required member is missing', () => {
    const result = invoiceStatisticsSchema.safeParse({ invoicesTotalNum: 1 });

    expect(describeIssues(result.error?.issues ?? [], 'data')).toEqual([
      'data.invoicesPaidNum: missing (expected number or string)',
    ]);
  });

  it('says which types a union wanted and what came', () => {
    const result = invoiceStatisticsSchema.safeParse({ invoicesTotalNum: true, invoicesPaidNum: 0 });

    expect(describeIssues(result.error?.issues ?? [], 'data')).toEqual([
      'data.invoicesTotalNum: expected number or string, received boolean',
    ]);
  });

  it('names each unknown parameter', () => {
    const result = listInvoicesParamsSchema.safeParse({ page: 2, sort: 'id' });

    expect(describeIssues(result.error?.issues ?? [])).toEqual([
      'page: not accepted here',
      'sort: not accepted here',
    ]);
  });

  it('names the whole value when it is not an object', () => {
    const result = z.object({}).safeParse('text');

    expect(describeIssues(result.error?.issues ?? [])).toEqual(['value: expected object, received string']);
  });
});

describe('summariseIssues', () => {
  it('shows the first three and counts the rest', () => {
    expect(summariseIssues(['a: x', 'b: x', 'c: x', 'd: x', 'e: x'])).toBe('a: x; b: x; c: x (and 2 more)');
  });
});
