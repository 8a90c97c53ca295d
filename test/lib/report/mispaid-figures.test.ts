import { describe, expect, it } from 'vitest';
import { MispaidFiguresAccumulator } from '../../../lib/report/invoice-figures';
import { invoice, uuid } from './support/records';

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
