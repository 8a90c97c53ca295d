import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { describeIssues, summariseIssues } from '../../../lib/invoicing/redact-secret';
import { invoiceStatisticsSchema, listInvoicesParamsSchema } from '../../../lib/invoicing/schemas';

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
