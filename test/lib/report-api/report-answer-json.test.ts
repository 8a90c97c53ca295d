import { describe, expect, it } from 'vitest';
import { reportAnswerJson } from '../../../lib/report-api/report-route';

const FILES = {
  'report.html': 'https://r.example/reports/acme/2026-10/report.html?expires=1&signature=a',
  'report.xlsx': 'https://r.example/reports/acme/2026-10/report.xlsx?expires=1&signature=e',
  'paid-invoices.csv': 'https://r.example/reports/acme/2026-10/paid-invoices.csv?expires=1&signature=b',
  'payments.csv': 'https://r.example/reports/acme/2026-10/payments.csv?expires=1&signature=c',
  'unmatched-payments.csv':
    'https://r.example/reports/acme/2026-10/unmatched-payments.csv?expires=1&signature=f',
  'summary.json': 'https://r.example/reports/acme/2026-10/summary.json?expires=1&signature=d',
};

describe('reportAnswerJson', () => {
  const summaryJson =
    '{\n  "payments": {\n    "byCryptocurrency": { "BTC": 0.00000095, "ETH": 12345678901234.123456789 }\n  }\n}\n';
  const text = reportAnswerJson({
    account: 'acme',
    period: '2026-10',
    complete: true,
    asOf: '2026-11-01T00:00:00.000Z',
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

  it('is one JSON object with the members in order, a month also under its older name', () => {
    const answer = JSON.parse(text) as Record<string, unknown>;
    expect(Object.keys(answer)).toEqual([
      'account',
      'period',
      'month',
      'complete',
      'asOf',
      'generatedAt',
      'summary',
      'files',
      'linksExpireAt',
    ]);
    expect(answer).toEqual({
      account: 'acme',
      period: '2026-10',
      month: '2026-10',
      complete: true,
      asOf: '2026-11-01T00:00:00.000Z',
      generatedAt: '2026-11-01T06:00:00.000Z',
      summary: JSON.parse(summaryJson),
      files: FILES,
      linksExpireAt: '2026-12-01T06:00:00.000Z',
    });
  });

  it('says that a quarter not ended is not final, and how far it runs', () => {
    const answer = JSON.parse(
      reportAnswerJson({
        account: 'acme',
        period: '2026-Q4',
        complete: false,
        asOf: '2026-11-23T13:35:00.000Z',
        generatedAt: '2026-11-23T13:35:02.000Z',
        summaryJson: '{}',
        files: FILES,
        linksExpireAt: 'y',
      }),
    ) as Record<string, unknown>;
    expect(answer).toMatchObject({ period: '2026-Q4', complete: false, asOf: '2026-11-23T13:35:00.000Z' });
    expect(answer).not.toHaveProperty('month');
  });

  it('escapes text members', () => {
    const escaped = reportAnswerJson({
      account: 'a"b',
      period: '2026',
      complete: true,
      asOf: 'z',
      generatedAt: 'x',
      summaryJson: '{}',
      files: FILES,
      linksExpireAt: 'y',
    });
    expect(
      escaped.startsWith(
        '{"account":"a\\"b","period":"2026","complete":true,"asOf":"z","generatedAt":"x","summary":{},"files":{',
      ),
    ).toBe(true);
  });
});
