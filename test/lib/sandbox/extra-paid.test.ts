import Big from 'big.js';
import { describe, expect, it } from 'vitest';
import { sandboxAccount } from '../../../lib/sandbox';
import { datasetInvoice, listAll, NOW, P1, P2, post, SEED, sandboxesForFile } from './sandbox-fixtures';

const serve = sandboxesForFile();

const OCTOBER = { startDate: '2026-10-01', endDate: '2026-10-31' };

const dataset = {
  invoices: [
    datasetInvoice('1', {
      uid: 'X1',
      createDatetime: '2026-10-05 10:00:00',
      amountFiatUSD: 100,
      amountFiat: 100,
    }),
    datasetInvoice('2', {
      uid: 'X2',
      projectId: P2,
      createDatetime: '2026-10-20 10:00:00',
      amountFiatUSD: 50,
      amountFiat: 45,
      currencyFiat: 'EUR',
    }),
    datasetInvoice('3', {
      uid: 'X3',
      createDatetime: '2026-10-20 11:00:00',
      amountFiatUSD: 70,
      status: 'expired',
    }),
  ],
  payments: [],
};

/** Midnight UTC of 2026-10-01, in milliseconds. */
const OCT_1 = 1_790_812_800_000;
const DAY_MS = 86_400_000;

/** The dataset's honest October: X1 and X2 paid, X3 expired. */
const HONEST_OCTOBER = {
  invoicesTotalNum: 3,
  invoicesPaidNum: 2,
  invoicesTotalUSD: 150,
  invoicesByProjects: { [P1]: 100, [P2]: 50 },
  invoicesByCurrencies: { EUR: 45, USD: 100 },
  invoicesByMonths: { 'October-2026': 150 },
  invoicesByDate: {
    '2026-10-05': { date: OCT_1 + 4 * DAY_MS, value: 100 },
    '2026-10-20': { date: OCT_1 + 19 * DAY_MS, value: 50 },
  },
};

async function octoberOf(url: string) {
  const statistics = await post(url, '/statistics/invoices', OCTOBER);
  const invoices = await listAll<{ uid: string }>(url, '/invoices/list', OCTOBER);
  return { statistics: statistics.body.data, invoices: invoices.map((invoice) => invoice.uid) };
}

describe('an extra paid invoice planted in the statistics', () => {
  it('adds one invoice and its amount to exactly its totals, project, currency, month and day', async () => {
    expect((await octoberOf(await serve({ dataset }))).statistics).toEqual(HONEST_OCTOBER);
    const url = await serve({
      dataset,
      statsExtraPaid: [{ amountUSD: '10.00', createDatetime: '2026-10-20 15:00:00', projectId: P2 }],
    });
    const october = await octoberOf(url);
    expect(october.statistics).toEqual({
      invoicesTotalNum: 4,
      invoicesPaidNum: 3,
      invoicesTotalUSD: 160,
      invoicesByProjects: { [P1]: 100, [P2]: 60 },
      invoicesByCurrencies: { EUR: 45, USD: 110 },
      invoicesByMonths: { 'October-2026': 160 },
      invoicesByDate: {
        '2026-10-05': { date: OCT_1 + 4 * DAY_MS, value: 100 },
        '2026-10-20': { date: OCT_1 + 19 * DAY_MS, value: 60 },
      },
    });
    expect(october.invoices).toEqual(['X3', 'X2', 'X1']);
  });

  it('belongs to the dataset’s first project unless it names one, and may be in another currency', async () => {
    const url = await serve({
      dataset,
      statsExtraPaid: [
        {
          amountUSD: '10.00',
          createDatetime: '2026-10-25 00:00:00',
          currencyFiat: 'EUR',
          amountFiat: '9.20',
        },
      ],
    });
    expect((await octoberOf(url)).statistics).toEqual({
      ...HONEST_OCTOBER,
      invoicesTotalNum: 4,
      invoicesPaidNum: 3,
      invoicesTotalUSD: 160,
      invoicesByProjects: { [P1]: 110, [P2]: 50 },
      invoicesByCurrencies: { EUR: 54.2, USD: 100 },
      invoicesByMonths: { 'October-2026': 160 },
      invoicesByDate: {
        ...HONEST_OCTOBER.invoicesByDate,
        '2026-10-25': { date: OCT_1 + 24 * DAY_MS, value: 10 },
      },
    });
  });

  it('changes nothing for a range it lies outside', async () => {
    const url = await serve({
      dataset,
      statsExtraPaid: [{ amountUSD: '10.00', createDatetime: '2026-11-01 00:00:00' }],
    });
    expect((await octoberOf(url)).statistics).toEqual(HONEST_OCTOBER);
    const november = await post(url, '/statistics/invoices', {
      startDate: '2026-11-01',
      endDate: '2026-11-30',
    });
    expect(november.body.data).toMatchObject({ invoicesPaidNum: 1, invoicesTotalUSD: 10 });
  });

  it('counts on the day the date zone puts it on', async () => {
    const url = await serve({
      dataset,
      dateZone: '+03:00',
      statsExtraPaid: [{ amountUSD: '10.00', createDatetime: '2026-09-30 22:00:00' }],
    });
    expect((await octoberOf(url)).statistics).toMatchObject({
      invoicesPaidNum: 3,
      invoicesTotalUSD: 160,
      invoicesByDate: { '2026-10-01': { date: OCT_1 - 3 * 3_600_000, value: 10 } },
    });
  });

  it('changes only those figures of generated data, its project being the account’s busiest', async () => {
    const planted = { amountUSD: '10.00', createDatetime: '2026-10-15 12:00:00' };
    const honest = (await octoberOf(await serve({ seed: SEED, now: NOW }))).statistics;
    const faulty = await octoberOf(await serve({ seed: SEED, now: NOW, statsExtraPaid: [planted] }));
    const mainProject = sandboxAccount(SEED).projectIds[0]!;
    expect(differences(honest, faulty.statistics)).toEqual({
      invoicesTotalNum: '1',
      invoicesPaidNum: '1',
      invoicesTotalUSD: '10',
      [`invoicesByProjects.${mainProject}`]: '10',
      'invoicesByCurrencies.USD': '10',
      'invoicesByMonths.October-2026': '10',
      'invoicesByDate.2026-10-15.value': '10',
    });
    expect(faulty.invoices).toHaveLength(66);
  });
});

/** The numeric members of two answers that differ, by path, with the difference. */
function differences(before: object, after: object): Record<string, string> {
  const flat = (value: unknown, path: string, into: Map<string, number>): Map<string, number> => {
    if (typeof value === 'number') into.set(path, value);
    else if (value && typeof value === 'object') {
      for (const [key, member] of Object.entries(value)) flat(member, path ? `${path}.${key}` : key, into);
    }
    return into;
  };
  const a = flat(before, '', new Map());
  const b = flat(after, '', new Map());
  const changed: Record<string, string> = {};
  for (const path of new Set([...a.keys(), ...b.keys()])) {
    const difference = new Big(b.get(path) ?? 0).minus(a.get(path) ?? 0);
    if (!difference.eq(0)) changed[path] = difference.toFixed();
  }
  return changed;
}
