import Big from 'big.js';
import { describe, expect, it } from 'vitest';
import { invoiceItemSchema, paymentItemSchema } from '../../../lib/invoicing/schemas';
import { sandboxAccount } from '../../../lib/sandbox';
import { generateMonth, type InvoiceItemJson } from '../../../lib/sandbox/month-generator';
import { cryptoRateUSD, fiatRateUSD } from '../../../lib/sandbox/rates';
import { allRecords, NOW, SEED } from './sandbox-fixtures';

const { invoices, payments, source } = allRecords();
const paid = invoices.filter((invoice) => invoice.status === 'paid');
const invoicesById = new Map(invoices.map((invoice) => [invoice.id, invoice]));

/** Seconds since the epoch of a service datetime, read independently of the sandbox's helpers. */
function seconds(datetime: string): number {
  return Date.parse(`${datetime.replace(' ', 'T')}Z`) / 1000;
}

function decimalsOf(value: number): number {
  return new Big(value).toFixed().split('.')[1]?.length ?? 0;
}

const HOUR = 3600;

describe('the shape of generated records', () => {
  it('reads as the service records the client parses', () => {
    for (const invoice of invoices) expect(invoiceItemSchema.safeParse(invoice).success).toBe(true);
    for (const payment of payments) expect(paymentItemSchema.safeParse(payment).success).toBe(true);
  });

  it('gives every invoice and payment a distinct id and every invoice a distinct uid', () => {
    expect(new Set(invoices.map((invoice) => invoice.id)).size).toBe(invoices.length);
    expect(new Set(invoices.map((invoice) => invoice.uid)).size).toBe(invoices.length);
    expect(new Set(payments.map((payment) => payment.id)).size).toBe(payments.length);
  });

  it('lists invoice members in the order of the spec', () => {
    expect(Object.keys(paid[0]!)).toEqual([
      'id',
      'uid',
      'projectId',
      'createDatetime',
      'timeToPayDatetime',
      'commissionFiatUSD',
      'amountFiatUSD',
      'amountFiat',
      'currencyFiat',
      'description',
      'serviceData',
      'views',
      'status',
      'payment',
      'wallet',
    ]);
  });

  it('writes fiat amounts with the currency decimals, USD in cents and crypto with at most 8 decimals', () => {
    for (const invoice of invoices) {
      expect(decimalsOf(invoice.amountFiat)).toBeLessThanOrEqual(invoice.currencyFiat === 'JPY' ? 0 : 2);
      expect(decimalsOf(invoice.amountFiatUSD)).toBeLessThanOrEqual(2);
      expect(decimalsOf(invoice.commissionFiatUSD)).toBeLessThanOrEqual(2);
    }
    for (const payment of payments) expect(decimalsOf(payment.amount)).toBeLessThanOrEqual(8);
  });
});

describe('the facts the spec states', () => {
  it('gives a paid invoice a payment and a wallet, and any other invoice neither', () => {
    for (const invoice of invoices) {
      const isPaid = invoice.status === 'paid';
      expect('payment' in invoice).toBe(isPaid);
      expect('wallet' in invoice).toBe(isPaid);
    }
  });

  it("sets a paid invoice's amountFiatUSD to the received amount at the rate of the payment moment, to the cent", () => {
    for (const invoice of paid) {
      const { payment, wallet } = invoice as Required<InvoiceItemJson>;
      const rate = cryptoRateUSD(
        wallet.cryptocurrency,
        new Date(seconds(payment.transactionDatetime) * 1000),
      );
      const expected = new Big(payment.amount).times(rate).round(2, Big.roundHalfUp);
      expect(invoice.amountFiatUSD, invoice.id).toBe(Number(expected.toFixed(2)));
    }
  });

  it('recalculates the commission from amountFiatUSD: 1 %, rounded half up to the cent', () => {
    for (const invoice of invoices) {
      const expected = new Big(invoice.amountFiatUSD).times('0.01').round(2, Big.roundHalfUp);
      expect(invoice.commissionFiatUSD, invoice.id).toBe(Number(expected.toFixed(2)));
    }
  });

  it('keeps amountFiatUSD of an unpaid invoice at amountFiat converted at the creation moment', () => {
    for (const invoice of invoices.filter((invoice) => invoice.status !== 'paid')) {
      const rate = fiatRateUSD(invoice.currencyFiat, new Date(seconds(invoice.createDatetime) * 1000));
      const expected = new Big(invoice.amountFiat).times(rate).round(2, Big.roundHalfUp);
      expect(invoice.amountFiatUSD, invoice.id).toBe(Number(expected.toFixed(2)));
    }
  });

  it("lets a paid invoice's amountFiatUSD drift from the creation-time value as a volatile coin's rate moves", () => {
    const volatile = paid.filter((invoice) =>
      ['BTC', 'ETH', 'LTC', 'TRX'].includes(invoice.wallet!.cryptocurrency),
    );
    const drifted = volatile.filter((invoice) => {
      const rate = fiatRateUSD(invoice.currencyFiat, new Date(seconds(invoice.createDatetime) * 1000));
      return !new Big(invoice.amountFiat).times(rate).round(2, Big.roundHalfUp).eq(invoice.amountFiatUSD);
    });
    expect(drifted.length).toBeGreaterThan(volatile.length / 2);
  });

  it("finds every payment while some invoice's search is active", () => {
    // Active: from creation while unpaid; for a paid invoice until its payment, for an unpaid or expired
    // one until an hour after timeToPayDatetime. A canceled invoice's end is unknown, so it counts for nothing.
    for (const payment of payments) {
      const at = seconds(payment.transactionDatetime);
      const active = invoices.some((invoice) => {
        if (invoice.status === 'canceled' || seconds(invoice.createDatetime) > at) return false;
        const end =
          invoice.status === 'paid'
            ? seconds(invoice.payment!.transactionDatetime)
            : seconds(invoice.timeToPayDatetime) + HOUR;
        return at <= end;
      });
      expect(active, payment.id).toBe(true);
    }
  });

  it('pays a matched invoice inside its own window, up to an hour after timeToPayDatetime', () => {
    for (const invoice of paid) {
      const at = seconds(invoice.payment!.transactionDatetime);
      expect(at).toBeGreaterThanOrEqual(seconds(invoice.createDatetime));
      expect(at).toBeLessThanOrEqual(seconds(invoice.timeToPayDatetime) + HOUR);
    }
  });

  it('matches a payment to a paid invoice whose payment block is that payment', () => {
    const matched = payments.filter((payment) => payment.invoice);
    expect(matched.length).toBe(paid.length);
    for (const payment of matched) {
      const { payment: block, wallet, ...fields } = invoicesById.get(payment.invoice!.id)!;
      expect(fields.status).toBe('paid');
      expect(payment.invoice).toEqual(fields);
      expect(block).toEqual({
        id: payment.id,
        amount: payment.amount,
        hash: payment.hash,
        transactionDatetime: payment.transactionDatetime,
      });
      expect(wallet).toEqual(payment.wallet);
    }
  });

  it('leaves the invoice member out of an unmatched payment', () => {
    const unmatched = payments.filter((payment) => !payment.invoice);
    expect(unmatched.length).toBeGreaterThanOrEqual(2 * 14);
    for (const payment of unmatched)
      expect(Object.keys(payment)).toEqual(['id', 'amount', 'hash', 'transactionDatetime', 'wallet']);
  });
});

describe('the span of the data', () => {
  it('covers the 14 full months before now and the current month up to now', () => {
    const created = invoices.map((invoice) => invoice.createDatetime).sort();
    expect(created[0]).toBe('2025-09-01 00:00:00');
    expect(created.at(-1)! <= '2026-11-15 12:00:00').toBe(true);
    const times = payments.map((payment) => payment.transactionDatetime).sort();
    expect(times[0]! >= '2025-09-01 00:00:00').toBe(true);
    expect(times.at(-1)! <= '2026-11-15 12:00:00').toBe(true);
  });

  it('shows unpaid invoices in the current month, their deadline still ahead', () => {
    const unpaid = invoices.filter((invoice) => invoice.status === 'unpaid');
    expect(unpaid.length).toBeGreaterThanOrEqual(2);
    for (const invoice of unpaid)
      expect(seconds(invoice.timeToPayDatetime)).toBeGreaterThan(NOW.getTime() / 1000);
  });

  it('holds invoices of all four statuses, at least four currencies, four projects and three blockchains', () => {
    expect(new Set(invoices.map((invoice) => invoice.status))).toEqual(
      new Set(['unpaid', 'canceled', 'paid', 'expired']),
    );
    const currencies = new Set(invoices.map((invoice) => invoice.currencyFiat));
    for (const currency of ['USD', 'EUR', 'GBP', 'JPY']) expect(currencies.has(currency)).toBe(true);
    expect(new Set(invoices.map((invoice) => invoice.projectId)).size).toBe(4);
    expect(new Set(payments.map((payment) => payment.wallet.blockchain)).size).toBeGreaterThanOrEqual(3);
  });
});

describe('the edge cases a report must get right', () => {
  const created = new Set(invoices.map((invoice) => invoice.createDatetime));

  it.each([
    ['2025-09', '30'],
    ['2026-02', '28'],
    ['2026-03', '31'],
    ['2026-10', '31'],
  ])('creates invoices at 00:00:00 and 23:59:59 on the first and last day of %s', (month, lastDay) => {
    for (const datetime of [
      `${month}-01 00:00:00`,
      `${month}-01 23:59:59`,
      `${month}-${lastDay} 00:00:00`,
      `${month}-${lastDay} 23:59:59`,
    ]) {
      expect(created.has(datetime), datetime).toBe(true);
    }
  });

  it('pays invoices created late on the last day of a month after midnight, in the next month', () => {
    const crossing = paid.filter(
      (invoice) =>
        invoice.createDatetime.slice(0, 7) !== invoice.payment!.transactionDatetime.slice(0, 7) &&
        invoice.createDatetime.slice(11) >= '23:00:00',
    );
    expect(crossing.length).toBeGreaterThanOrEqual(2 * 13);
  });

  it('has payments that arrive after timeToPayDatetime, inside the grace hour, and are matched', () => {
    const late = paid.filter(
      (invoice) => seconds(invoice.payment!.transactionDatetime) > seconds(invoice.timeToPayDatetime),
    );
    expect(late.length).toBeGreaterThanOrEqual(2 * 14);
    expect(
      late.some(
        (invoice) =>
          seconds(invoice.payment!.transactionDatetime) === seconds(invoice.timeToPayDatetime) + HOUR - 1,
      ),
    ).toBe(true);
  });

  it('carries descriptions with commas, quotes, newlines, emoji, formulas, markup, and none at all', () => {
    const descriptions = invoices.map((invoice) => invoice.description);
    const some = (test: (text: string) => boolean) =>
      descriptions.some((text) => text !== null && test(text));
    expect(some((text) => text.includes(','))).toBe(true);
    expect(some((text) => text.includes('"'))).toBe(true);
    expect(some((text) => text.includes('\n'))).toBe(true);
    expect(some((text) => text.includes('☕'))).toBe(true);
    expect(some((text) => text.startsWith('='))).toBe(true);
    expect(some((text) => text.startsWith('+'))).toBe(true);
    expect(some((text) => text.startsWith('-'))).toBe(true);
    expect(some((text) => text.startsWith('@'))).toBe(true);
    expect(some((text) => text.includes('<script>'))).toBe(true);
    expect(descriptions.includes(null)).toBe(true);
    expect(invoices.some((invoice) => invoice.serviceData === null)).toBe(true);
  });

  it('has dust payments of 0.00000095 BTC, matched and unmatched, which JSON writes as 9.5e-7', () => {
    const dust = payments.filter((payment) => payment.amount === 0.00000095);
    expect(dust.some((payment) => payment.invoice)).toBe(true);
    expect(dust.some((payment) => !payment.invoice)).toBe(true);
    expect(dust.every((payment) => payment.wallet.cryptocurrency === 'BTC')).toBe(true);
    expect(JSON.stringify(dust[0])).toContain('"amount":9.5e-7');
  });

  it('names a wallet with a comma and quotes', () => {
    expect(payments.some((payment) => payment.wallet.name === 'Ops, "USDT" (TRC-20)')).toBe(true);
  });
});

describe('determinism', () => {
  it('generates the same records from the same seed', () => {
    const again = allRecords();
    expect(again.invoices).toEqual(invoices);
    expect(again.payments).toEqual(payments);
  });

  it('generates other records from another seed', () => {
    const other = allRecords({ seed: SEED + 1 });
    expect(other.invoices[0]!.id).not.toBe(invoices[0]!.id);
    expect(other.source.account.projectIds).not.toEqual(source.account.projectIds);
  });

  it('reads a month the same once it is over, whatever the present', () => {
    const october = 2026 * 12 + 9;
    const account = sandboxAccount(SEED);
    const request = { seed: SEED, month: october, paidPerMonth: 60, account };
    const seenInNovember = generateMonth({ ...request, nowSeconds: Date.UTC(2026, 10, 15) / 1000 });
    const seenNextYear = generateMonth({ ...request, nowSeconds: Date.UTC(2027, 5, 1) / 1000 });
    expect(seenNextYear).toEqual(seenInNovember);
  });

  it('cuts a month at now: an invoice whose payment is still to come waits, unpaid then expired', () => {
    const account = sandboxAccount(SEED);
    const request = { seed: SEED, month: 2026 * 12 + 9, paidPerMonth: 60, account };
    const complete = generateMonth({ ...request, nowSeconds: Date.UTC(2027, 0, 1) / 1000 });
    const lateness = (invoice: InvoiceItemJson) =>
      seconds(invoice.payment!.transactionDatetime) - seconds(invoice.timeToPayDatetime);
    const late = complete.invoices
      .filter((invoice) => invoice.status === 'paid')
      .reduce((latest, invoice) => (lateness(invoice) > lateness(latest) ? invoice : latest));
    expect(lateness(late)).toBe(HOUR - 1);
    const cases = [
      [seconds(late.createDatetime) + 1, 'unpaid'],
      [seconds(late.timeToPayDatetime), 'expired'],
    ] as const;
    for (const [now, status] of cases) {
      const cut = generateMonth({ ...request, nowSeconds: now });
      const seen = cut.invoices.find((invoice) => invoice.id === late.id)!;
      expect(seen.status).toBe(status);
      expect('payment' in seen || 'wallet' in seen).toBe(false);
      // amountFiat never changes; amountFiatUSD is overwritten only on payment.
      expect(seen.amountFiat).toBe(late.amountFiat);
      expect(cut.payments.some((payment) => payment.id === late.payment!.id)).toBe(false);
      expect(cut.invoices.every((invoice) => seconds(invoice.createDatetime) <= now)).toBe(true);
      expect(cut.payments.every((payment) => seconds(payment.transactionDatetime) <= now)).toBe(true);
    }
  });
});

describe('order', () => {
  it('keeps a month newest first, then by id', () => {
    const october = source.month(2026 * 12 + 9);
    const pairs = (keys: [string, string][]) =>
      keys.slice(1).map((key, index) => [keys[index]!, key] as const);
    for (const [previous, next] of pairs(
      october.invoices.map((invoice) => [invoice.createDatetime, invoice.id]),
    )) {
      expect(previous[0] > next[0] || (previous[0] === next[0] && previous[1] < next[1])).toBe(true);
    }
    for (const [previous, next] of pairs(
      october.payments.map((payment) => [payment.transactionDatetime, payment.id]),
    )) {
      expect(previous[0] > next[0] || (previous[0] === next[0] && previous[1] < next[1])).toBe(true);
    }
  });
});
