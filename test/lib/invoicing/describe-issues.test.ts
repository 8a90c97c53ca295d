import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { describeIssues, formatPath, summariseIssues } from '../../../lib/invoicing/describe-issues';
import { invoiceStatisticsSchema, listInvoicesParamsSchema } from '../../../lib/invoicing/schemas';

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

  it('redacts the secret from a key the service chose, and cuts a long one short', () => {
    const key = 'sk_live/AbC+123456';

    expect(formatPath(['invoicesByProjects', `token ${key}`], 'data', key)).toBe(
      'data.invoicesByProjects["token [redacted]"]',
    );
    expect(formatPath(['invoicesByProjects', key.replace('/', '\\/')], 'data', key)).toBe(
      'data.invoicesByProjects["[redacted]"]',
    );
    expect(formatPath(['invoicesByCurrencies', 'x'.repeat(100)], 'data')).toBe(
      `data.invoicesByCurrencies["${'x'.repeat(58)}…]`,
    );
    expect(formatPath(['invoicesByCurrencies', 'x'.repeat(70_000)], 'data')).toBe(
      'data.invoicesByCurrencies[<a key of 70000 characters>]',
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
