import Big from 'big.js';
import { describe, expect, it } from 'vitest';
import type { ReportSummary } from '../../../lib/report/model';
import { summaryToJson } from '../../../lib/report/model';

const PROJECT = 'aaaa0000-0000-4000-8000-000000000001';

function summary(): ReportSummary {
  return {
    account: 'demo',
    period: {
      kind: 'month',
      id: '2026-03',
      month: '2026-03',
      timezone: 'UTC',
      start: '2026-03-01T00:00:00.000Z',
      end: '2026-04-01T00:00:00.000Z',
      complete: true,
      asOf: '2026-04-01T00:00:00.000Z',
    },
    projectId: null,
    projectNames: { [PROJECT]: 'Web shop <script>' },
    invoices: {
      total: 3,
      paid: 2,
      byStatus: { unpaid: 1, canceled: 0, paid: 2, expired: 0 },
      paidTotalUSD: new Big('81119.92'),
      commissionTotalUSD: new Big('811.2'),
      netReceivedUSD: new Big('80308.72'),
      underpaid: { count: 1, differenceUSD: new Big('-0.5') },
      overpaid: { count: 0, differenceUSD: new Big('0') },
      byProject: { [PROJECT]: new Big('81119.92') },
      byCurrency: { EUR: new Big('74000.5') },
      byDay: { '2026-03-01': new Big('0'), '2026-03-02': new Big('81119.92') },
      byMonth: { '2026-03': new Big('81119.92') },
      projects: [],
      currencies: [],
      days: [],
      months: [{ month: '2026-03', paid: 2, paidTotalUSD: new Big('81119.92') }],
    },
    previousPeriod: {
      kind: 'month',
      id: '2026-02',
      start: '2026-02-01T00:00:00.000Z',
      end: '2026-03-01T00:00:00.000Z',
      comparison: 'whole-period',
      paid: 0,
      paidTotalUSD: new Big('0'),
      change: { paid: 2, paidTotalUSD: new Big('81119.92'), paidTotalPercent: null },
    },
    payments: {
      total: 2,
      matched: 1,
      unmatched: 1,
      late: 0,
      unmatchedEstimatedUSD: new Big('0'),
      unmatchedEstimated: 0,
      unmatchedWithLikelyInvoice: 0,
      unmatchedPayments: [],
      byCryptocurrency: {
        BTC: new Big('0.00000095'),
        ETH: new Big('1e21'),
        'we"ird\ncoin': new Big('-12.5'),
      },
      cryptocurrencies: [],
      wallets: [],
    },
    reconciliation: {
      ok: false,
      window: { startDate: '2026-02-28', endDate: '2026-04-02' },
      listed: { paid: 2, paidTotalUSD: new Big('81119.92') },
      currencyUnit: 'fiat',
      statistics: { invoicesTotalNum: 3 },
      checks: [
        {
          name: 'paidTotalUSD',
          service: new Big('81119.94'),
          computed: new Big('81119.92'),
          difference: new Big('0.02'),
          ok: false,
        },
        {
          name: 'day:2026-03-02',
          service: new Big('0'),
          computed: new Big('0.00000001'),
          difference: new Big('-0.00000001'),
          ok: true,
          dayStart: null,
        },
      ],
      notChecked: [{ name: 'day:2026-03-01', reason: 'Its end is not established.' }],
    },
    generatedAt: '2026-04-01T06:00:00.000Z',
    source: { apiUrl: 'https://api.example.com/v1' },
  };
}

describe('summaryToJson', () => {
  it('writes amounts as plain JSON numbers with every digit', () => {
    const json = summaryToJson(summary());
    expect(json).toContain('"paidTotalUSD": 81119.92,');
    expect(json).toContain('"BTC": 0.00000095,');
    expect(json).toContain('"ETH": 1000000000000000000000,');
    expect(json).toContain('"we\\"ird\\ncoin": -12.5');
    expect(json).toContain('"difference": 0.02,');
  });

  it('never writes a number in exponent form', () => {
    const numbers = summaryToJson(summary()).match(/(?<=: |^\s+)-?\d[\d.eE+-]*/gm) ?? [];
    expect(numbers.length).toBeGreaterThan(10);
    for (const number of numbers) expect(number).toMatch(/^-?\d+(\.\d+)?$/);
  });

  it('is valid JSON with the members the design lists', () => {
    const parsed = JSON.parse(summaryToJson(summary()));
    expect(parsed.period).toEqual(summary().period);
    expect(parsed.invoices).toMatchObject({
      total: 3,
      paid: 2,
      byStatus: { unpaid: 1, canceled: 0, paid: 2, expired: 0 },
      paidTotalUSD: 81119.92,
      commissionTotalUSD: 811.2,
      netReceivedUSD: 80308.72,
      underpaid: { count: 1, differenceUSD: -0.5 },
      overpaid: { count: 0, differenceUSD: 0 },
      byProject: { [PROJECT]: 81119.92 },
      byCurrency: { EUR: 74000.5 },
      byDay: { '2026-03-01': 0, '2026-03-02': 81119.92 },
      byMonth: { '2026-03': 81119.92 },
      months: [{ month: '2026-03', paid: 2, paidTotalUSD: 81119.92 }],
    });
    expect(parsed.projectNames).toEqual({ [PROJECT]: 'Web shop <script>' });
    expect(parsed.payments).toMatchObject({ total: 2, unmatched: 1, byCryptocurrency: { BTC: 0.00000095 } });
    expect(parsed.reconciliation).toEqual({
      ok: false,
      window: { startDate: '2026-02-28', endDate: '2026-04-02' },
      listed: { paid: 2, paidTotalUSD: 81119.92 },
      checks: [
        { name: 'paidTotalUSD', service: 81119.94, computed: 81119.92, difference: 0.02, ok: false },
        {
          name: 'day:2026-03-02',
          service: 0,
          computed: 0.00000001,
          difference: -0.00000001,
          ok: true,
          dayStart: null,
        },
      ],
      notChecked: [{ name: 'day:2026-03-01', reason: 'Its end is not established.' }],
      currencyUnit: 'fiat',
      statistics: { invoicesTotalNum: 3 },
    });
    expect(parsed.previousPeriod).toMatchObject({
      kind: 'month',
      id: '2026-02',
      start: '2026-02-01T00:00:00.000Z',
      end: '2026-03-01T00:00:00.000Z',
      comparison: 'whole-period',
    });
    expect(parsed.previousPeriod.change.paidTotalPercent).toBeNull();
    expect(parsed.generatedAt).toBe('2026-04-01T06:00:00.000Z');
    expect(parsed.source).toEqual({ apiUrl: 'https://api.example.com/v1' });
  });

  it('lays out like JSON.stringify with two spaces, ending in a newline', () => {
    const plain = {
      account: null,
      empty: {},
      none: [],
      list: [1, 'two', { three: true }],
      left: undefined,
      text: 'quote " backslash \\ tab \t emoji 🧾 <script>',
    };
    const expected = `${JSON.stringify(plain, null, 2)}\n`;
    expect(summaryToJson(plain as unknown as ReportSummary)).toBe(expected);
  });

  it('writes a Big nested in an array as a number', () => {
    const value = { amounts: [new Big('0.1'), new Big('0.00000001')] };
    expect(summaryToJson(value as unknown as ReportSummary)).toBe(
      '{\n  "amounts": [\n    0.1,\n    0.00000001\n  ]\n}\n',
    );
  });
});
