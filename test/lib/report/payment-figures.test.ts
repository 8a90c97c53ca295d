import { describe, expect, it } from 'vitest';
import { PaymentFiguresAccumulator, secondsLate } from '../../../lib/report/figures';
import { BTC_WALLET, invoice, invoiceBlock, payment, USDT_WALLET, uuid } from './support/records';

const due = invoiceBlock(invoice('2026-03-10 11:00:00', { timeToPayDatetime: '2026-03-10 12:00:00' }));

describe('secondsLate', () => {
  it.each([
    ['2026-03-10 11:59:59', undefined],
    // The customer must pay before the deadline: its own second is not before it.
    ['2026-03-10 12:00:00', 0],
    ['2026-03-10 12:00:01', 1],
    ['2026-03-10 12:59:59', 3599],
    ['2026-03-10 13:00:00', 3600],
    ['2026-03-10 13:00:01', undefined],
  ])('a payment at %s is %s seconds late', (at, expected) => {
    expect(secondsLate(payment(at, { invoice: due }))).toBe(expected);
  });

  it('is undefined for an unmatched payment', () => {
    expect(secondsLate(payment('2026-03-10 12:30:00'))).toBeUndefined();
  });
});

describe('PaymentFiguresAccumulator', () => {
  it('adds up amounts per cryptocurrency and wallet without rounding', () => {
    const figures = new PaymentFiguresAccumulator();
    figures.add(payment('2026-03-02 10:00:00', { amount: '0.00000001' }));
    figures.add(payment('2026-03-03 10:00:00', { amount: '0.00000094', invoice: due }));
    figures.add(payment('2026-03-04 10:00:00', { amount: '0.1', wallet: USDT_WALLET, invoice: due }));
    figures.add(payment('2026-03-05 10:00:00', { amount: '0.2', wallet: USDT_WALLET }));
    const { figures: result } = figures.result();
    expect(result.total).toBe(4);
    expect(result.matched).toBe(2);
    expect(result.unmatched).toBe(2);
    expect(
      Object.fromEntries(Object.entries(result.byCryptocurrency).map(([k, v]) => [k, v.toFixed()])),
    ).toEqual({
      BTC: '0.00000095',
      USDT: '0.3',
    });
    expect(result.cryptocurrencies.map((c) => [c.cryptocurrency, c.count, c.amount.toFixed()])).toEqual([
      ['BTC', 2, '0.00000095'],
      ['USDT', 2, '0.3'],
    ]);
    // By wallet name: "Alpha USDT" before "Bitcoin main".
    expect(result.wallets.map((w) => [w.wallet.id, w.count, w.amount.toFixed()])).toEqual([
      [USDT_WALLET.id, 2, '0.3'],
      [BTC_WALLET.id, 2, '0.00000095'],
    ]);
    expect(result.projectFilterNote).toBeUndefined();
  });

  it('lists unmatched and late payments by transaction time, then id', () => {
    const figures = new PaymentFiguresAccumulator();
    const late2 = payment('2026-03-10 13:00:00', { id: uuid('9c', 2), invoice: due });
    const late1 = payment('2026-03-10 12:00:01', { id: uuid('9c', 1), invoice: due });
    const onTime = payment('2026-03-10 11:30:00', { id: uuid('9c', 3), invoice: due });
    const unmatchedB = payment('2026-03-20 08:00:00', { id: uuid('9c', 5) });
    const unmatchedA = payment('2026-03-20 08:00:00', { id: uuid('9c', 4) });
    const unmatchedFirst = payment('2026-03-01 00:00:00', { id: uuid('9c', 6) });
    for (const item of [late2, unmatchedB, onTime, late1, unmatchedA, unmatchedFirst]) figures.add(item);
    const result = figures.result();
    expect(result.unmatched.map((p) => p.id)).toEqual([unmatchedFirst.id, unmatchedA.id, unmatchedB.id]);
    expect(result.late.map((l) => [l.payment.id, l.secondsLate, l.invoice.id])).toEqual([
      [late1.id, 1, due.id],
      [late2.id, 3600, due.id],
    ]);
    expect(result.figures.late).toBe(2);
  });

  it('says how many payments a project filter left out', () => {
    const figures = new PaymentFiguresAccumulator(true);
    figures.leaveOutUnattributable();
    figures.leaveOutUnattributable();
    expect(figures.result().figures.projectFilterNote).toBe(
      'Payments not matched to an invoice cannot be attributed to a project and are left out (2 in this period).',
    );
  });
});
