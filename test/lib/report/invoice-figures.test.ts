import { describe, expect, it } from 'vitest';
import { InvoiceFiguresAccumulator, MispaidFiguresAccumulator } from '../../../lib/report/figures';
import { invoice, PROJECT_A, PROJECT_B, uuid } from './support/records';

/**
 * Four paid invoices of 2 March 2026, worked by hand:
 * - A: 100.00 USD invoiced, 99.50 received (0.50 short), commission 0.995, project A
 * - B: 250.00 USD invoiced, 251.25 received (1.25 over), commission 2.5125, project A
 * - C: 92.00 EUR invoiced, 100.37 USD received (in EUR: not judged), commission 1.0075, project B
 * - D: 40.00 USD invoiced and received, commission 0.4, project B
 * and an unpaid USD invoice whose USD value moved (not judged: not paid).
 *
 * Paid 99.5 + 251.25 + 100.37 + 40 = 491.12; commission 0.995 + 2.5125 + 1.0075 + 0.4 = 4.915 → 4.92;
 * net received 491.12 − 4.915 = 486.205 → 486.21 (the rounded figures would give 486.20).
 * Project A: 350.75, commission 3.5075 → 3.51, net 347.2425 → 347.24.
 * Project B: 140.37, commission 1.4075 → 1.41, net 138.9625 → 138.96.
 */
const DAY = '2026-03-02';
const records = {
  a: invoice('2026-03-02 09:00:00', {
    id: uuid('1c', 1),
    amountFiat: '100',
    amountFiatUSD: '99.5',
    commissionFiatUSD: '0.995',
  }),
  b: invoice('2026-03-02 10:00:00', {
    id: uuid('1c', 2),
    amountFiat: '250',
    amountFiatUSD: '251.25',
    commissionFiatUSD: '2.5125',
  }),
  c: invoice('2026-03-02 11:00:00', {
    id: uuid('1c', 3),
    projectId: PROJECT_B,
    currencyFiat: 'EUR',
    amountFiat: '92',
    amountFiatUSD: '100.37',
    commissionFiatUSD: '1.0075',
  }),
  d: invoice('2026-03-02 12:00:00', {
    id: uuid('1c', 4),
    projectId: PROJECT_B,
    amountFiat: '40',
    amountFiatUSD: '40',
    commissionFiatUSD: '0.4',
  }),
  unpaid: invoice('2026-03-02 13:00:00', {
    id: uuid('1c', 5),
    status: 'unpaid',
    amountFiat: '20',
    amountFiatUSD: '19',
  }),
};

function figuresOf() {
  const figures = new InvoiceFiguresAccumulator(['2026-03-01', DAY]);
  for (const record of Object.values(records)) figures.add(record, DAY);
  return figures;
}

describe('InvoiceFiguresAccumulator: net received', () => {
  it('is the paid total minus the commission, from the exact sums, rounded once', () => {
    const result = figuresOf().result();
    expect(result.paidTotalUSD.toFixed(2)).toBe('491.12');
    expect(result.commissionTotalUSD.toFixed(2)).toBe('4.92');
    expect(result.netReceivedUSD.toFixed(2)).toBe('486.21');
  });

  it('is worked out per project the same way', () => {
    const projects = figuresOf()
      .result()
      .projects.map((project) => [
        project.projectId,
        project.paidTotalUSD.toFixed(2),
        project.commissionTotalUSD.toFixed(2),
        project.netReceivedUSD.toFixed(2),
      ]);
    expect(projects).toEqual([
      [PROJECT_A, '350.75', '3.51', '347.24'],
      [PROJECT_B, '140.37', '1.41', '138.96'],
    ]);
  });

  it('is zero for a period without paid invoices', () => {
    const result = new InvoiceFiguresAccumulator([DAY]).result();
    expect(result.netReceivedUSD.toFixed()).toBe('0');
  });
});

describe('InvoiceFiguresAccumulator: under- and over-paid invoices', () => {
  it('counts and totals the paid USD invoices that received less or more than invoiced', () => {
    const { underpaid, overpaid } = figuresOf().result();
    expect([underpaid.count, underpaid.differenceUSD.toFixed(2)]).toEqual([1, '-0.50']);
    expect([overpaid.count, overpaid.differenceUSD.toFixed(2)]).toEqual([1, '1.25']);
  });

  it('lists them largest difference first, leaving out the EUR invoice whose USD value differs', () => {
    const listed = figuresOf()
      .mispaid.largest()
      .map((entry) => [entry.invoice.id, entry.differenceUSD.toFixed()]);
    expect(listed).toEqual([
      [records.b.id, '1.25'],
      [records.a.id, '-0.5'],
    ]);
  });

  it('has none, and zero totals, when every USD invoice received what it asked', () => {
    const figures = new InvoiceFiguresAccumulator([DAY]);
    figures.add(records.c, DAY);
    figures.add(records.d, DAY);
    const { underpaid, overpaid } = figures.result();
    expect([underpaid.count, underpaid.differenceUSD.toFixed(), overpaid.count]).toEqual([0, '0', 0]);
    expect(figures.mispaid.largest()).toEqual([]);
  });
});

describe('InvoiceFiguresAccumulator: per invoice currency', () => {
  it('totals each currency to its ISO 4217 minor unit, not to the decimals it is shown with', () => {
    // HUF has two decimals in ISO 4217 (Intl shows none): 3200.50 + 3100.25 = 6300.75, not 6301.
    // IQD has three: 2900.125 stays. JPY has none: 1200.4 + 1300.3 = 2500.7 → 2501.
    const figures = new InvoiceFiguresAccumulator([DAY]);
    const paidIn = (n: number, currencyFiat: string, amountFiat: string) =>
      invoice('2026-03-02 09:00:00', { id: uuid('2d', n), currencyFiat, amountFiat, amountFiatUSD: '1' });
    for (const record of [
      paidIn(1, 'HUF', '3200.5'),
      paidIn(2, 'HUF', '3100.25'),
      paidIn(3, 'IQD', '2900.125'),
      paidIn(4, 'JPY', '1200.4'),
      paidIn(5, 'JPY', '1300.3'),
    ]) {
      figures.add(record, DAY);
    }
    expect(figures.result().currencies.map(({ currency, amount }) => [currency, amount.toFixed()])).toEqual([
      ['HUF', '6300.75'],
      ['IQD', '2900.125'],
      ['JPY', '2501'],
    ]);
  });
});

/** A paid USD invoice created at minute `n` past 10:00 on 2 March 2026. */
const usdInvoice = (n: number, amountFiat: string, amountFiatUSD: string) =>
  invoice(`2026-03-02 10:${String(n).padStart(2, '0')}:00`, { id: uuid('2c', n), amountFiat, amountFiatUSD });

const listed = (figures: MispaidFiguresAccumulator) =>
  figures.largest().map((entry) => [entry.invoice.id, entry.differenceUSD.toFixed()]);

describe('MispaidFiguresAccumulator', () => {
  it('reads amounts written differently as the same amount', () => {
    const figures = new MispaidFiguresAccumulator();
    figures.add(usdInvoice(1, '10.50', '10.5'));
    figures.add(usdInvoice(2, '010', '10.000'));
    expect(figures.totals().underpaid.count + figures.totals().overpaid.count).toBe(0);
    expect(figures.largest()).toEqual([]);
  });

  it('finds a difference past the digits a double holds, exactly', () => {
    const figures = new MispaidFiguresAccumulator();
    figures.add(usdInvoice(1, '1000000.00000000000001', '1000000'));
    figures.add(usdInvoice(2, '0.1', '0.10000000000000000001'));
    expect(listed(figures)).toEqual([
      [uuid('2c', 1), '-0.00000000000001'],
      [uuid('2c', 2), '0.00000000000000000001'],
    ]);
    // Each side summed exactly, then rounded to cents.
    expect(figures.totals().underpaid).toMatchObject({ count: 1 });
    expect(figures.totals().underpaid.differenceUSD.toFixed()).toBe('0');
    expect(figures.totals().overpaid.count).toBe(1);
  });

  it('keeps only the largest differences, while counting and totalling every one', () => {
    const figures = new MispaidFiguresAccumulator(3);
    // Differences of n cents, odd n short and even n over, in no order.
    for (const n of [5, 9, 1, 8, 2, 7, 3, 6, 4]) {
      const received = n % 2 === 1 ? 100 - n / 100 : 100 + n / 100;
      figures.add(usdInvoice(n, '100', received.toFixed(2)));
    }
    expect(listed(figures)).toEqual([
      [uuid('2c', 9), '-0.09'],
      [uuid('2c', 8), '0.08'],
      [uuid('2c', 7), '-0.07'],
    ]);
    // Under-paid: 1 + 3 + 5 + 7 + 9 = 25 cents short; over-paid: 2 + 4 + 6 + 8 = 20 cents over.
    const { underpaid, overpaid } = figures.totals();
    expect([underpaid.count, underpaid.differenceUSD.toFixed(2)]).toEqual([5, '-0.25']);
    expect([overpaid.count, overpaid.differenceUSD.toFixed(2)]).toEqual([4, '0.20']);
  });

  it('orders equal differences by creation, whatever the size of the amounts', () => {
    const figures = new MispaidFiguresAccumulator(2);
    // Each 0.01 over: as doubles, 100.01 - 100 and 50.01 - 50 are not the same number.
    figures.add(usdInvoice(4, '100', '100.01'));
    figures.add(usdInvoice(3, '50', '50.01'));
    figures.add(usdInvoice(2, '12345678.9', '12345678.91'));
    figures.add(usdInvoice(1, '0.02', '0.03'));
    figures.add(usdInvoice(5, '7', '7.01'));
    expect(listed(figures)).toEqual([
      [uuid('2c', 1), '0.01'],
      [uuid('2c', 2), '0.01'],
    ]);
  });

  it('judges USD invoices only', () => {
    const figures = new MispaidFiguresAccumulator();
    figures.add(
      invoice('2026-03-02 10:00:00', { currencyFiat: 'EUR', amountFiat: '92', amountFiatUSD: '100' }),
    );
    figures.add(
      invoice('2026-03-02 10:00:00', { currencyFiat: 'usd', amountFiat: '92', amountFiatUSD: '100' }),
    );
    expect(figures.totals().overpaid.count).toBe(0);
  });
});
