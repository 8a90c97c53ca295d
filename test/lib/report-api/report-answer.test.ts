import { describe, expect, it } from 'vitest';
import { monthAnswerJson } from '../../../lib/report-api';

const FILES = {
  'report.html': 'https://r.example/reports/acme/2026-10/report.html?expires=1&signature=a',
  'paid-invoices.csv': 'https://r.example/reports/acme/2026-10/paid-invoices.csv?expires=1&signature=b',
  'payments.csv': 'https://r.example/reports/acme/2026-10/payments.csv?expires=1&signature=c',
  'summary.json': 'https://r.example/reports/acme/2026-10/summary.json?expires=1&signature=d',
};

describe('monthAnswerJson', () => {
  const summaryJson =
    '{\n  "payments": {\n    "byCryptocurrency": { "BTC": 0.00000095, "ETH": 12345678901234.123456789 }\n  }\n}\n';
  const text = monthAnswerJson({
    account: 'acme',
    month: '2026-10',
    generatedAt: '2026-11-01T06:00:00.000Z',
    summaryJson,
    files: FILES,
    linksExpireAt: '2026-12-01T06:00:00.000Z',
  });

  it('keeps every digit of the saved amounts, never exponent form', () => {
    expect(text).toContain('"BTC": 0.00000095');
    expect(text).toContain('"ETH": 12345678901234.123456789');
    expect(text).not.toMatch(/\de-\d/);
  });

  it('is one JSON object with the members in order', () => {
    const answer = JSON.parse(text) as Record<string, unknown>;
    expect(Object.keys(answer)).toEqual([
      'account',
      'month',
      'generatedAt',
      'summary',
      'files',
      'linksExpireAt',
    ]);
    expect(answer).toEqual({
      account: 'acme',
      month: '2026-10',
      generatedAt: '2026-11-01T06:00:00.000Z',
      summary: JSON.parse(summaryJson),
      files: FILES,
      linksExpireAt: '2026-12-01T06:00:00.000Z',
    });
  });

  it('escapes text members', () => {
    const escaped = monthAnswerJson({
      account: 'a"b',
      month: '2026-10',
      generatedAt: 'x',
      summaryJson: '{}',
      files: FILES,
      linksExpireAt: 'y',
    });
    expect(
      escaped.startsWith('{"account":"a\\"b","month":"2026-10","generatedAt":"x","summary":{},"files":{'),
    ).toBe(true);
  });
});
