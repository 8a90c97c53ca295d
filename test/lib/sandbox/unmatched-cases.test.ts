import Big from 'big.js';
import { describe, expect, it } from 'vitest';
import { invoiceItemSchema, paymentItemSchema } from '../../../lib/invoicing/schemas';
import { createSandboxApp, sandboxAccount } from '../../../lib/sandbox';
import {
  CASES_PER_KIND,
  type GeneratedMonth,
  generateMonth,
  STRAY_CASES,
} from '../../../lib/sandbox/month-generator';
import { cryptoRateUSD } from '../../../lib/sandbox/rates';

const SEED = 11;
const NOW = new Date('2026-11-15T12:00:00Z');
const OCTOBER = 2026 * 12 + 9;
const HOUR = 3600;

const seconds = (datetime: string) => Date.parse(`${datetime.replace(' ', 'T')}Z`) / 1000;

const month = (unmatchedCases: boolean, monthNumber = OCTOBER): GeneratedMonth =>
  generateMonth({
    seed: SEED,
    month: monthNumber,
    paidPerMonth: 400,
    nowSeconds: NOW.getTime() / 1000,
    account: sandboxAccount(SEED),
    unmatchedCases,
  });

describe('the sandbox with unmatched cases', () => {
  const plain = month(false);
  const withCases = month(true);
  const cases = withCases.cases!;
  const invoicesById = new Map(withCases.invoices.map((invoice) => [invoice.id, invoice]));
  const paymentsById = new Map(withCases.payments.map((payment) => [payment.id, payment]));

  it("is off by default, and adds records without changing the month's invoices and matched payments", () => {
    expect(plain.cases).toBeUndefined();
    expect(withCases.invoices).toEqual(expect.arrayContaining(plain.invoices));
    expect(withCases.invoices.length - plain.invoices.length).toBe(3 * CASES_PER_KIND);
    const matched = (generated: GeneratedMonth) => generated.payments.filter((payment) => payment.invoice);
    expect(matched(withCases)).toEqual(matched(plain));
  });

  it('makes the same cases from the same seed', () => {
    expect(month(true).cases).toEqual(cases);
  });

  it('tells the truth about every unmatched payment of the month, and only those', () => {
    const unmatched = withCases.payments.filter((payment) => payment.invoice === undefined);
    expect(cases.map((known) => known.paymentId).sort()).toEqual(
      unmatched.map((payment) => payment.id).sort(),
    );
    const count = (kind: string) => cases.filter((known) => known.kind === kind).length;
    expect([count('late'), count('underpaid'), count('overpaid')]).toEqual([
      CASES_PER_KIND,
      CASES_PER_KIND,
      CASES_PER_KIND,
    ]);
    // The rest are stray: the month's ordinary unmatched payments and the stray cases.
    expect(count('stray')).toBe(unmatched.length - 3 * CASES_PER_KIND);
    expect(count('stray')).toBeGreaterThan(STRAY_CASES);
  });

  it("pays the first late case's invoice, made in the month's last half hour, in the next month", () => {
    const first = cases.find((known) => known.kind === 'late')!;
    expect(invoicesById.get(first.invoiceId!)!.createDatetime).toBe('2026-10-31 23:30:00');
    expect(first.transactionDatetime.startsWith('2026-11-01 00:')).toBe(true);
  });

  it('pays late in the grace hour, or short or over by 0.5 % to 10 % before the deadline, and leaves the invoice not paid', () => {
    for (const known of cases.filter((each) => each.invoiceId !== null)) {
      const invoice = invoicesById.get(known.invoiceId!)!;
      const paidAt = seconds(known.transactionDatetime);
      expect(invoice.status).not.toBe('paid');
      expect(invoice.payment).toBeUndefined();
      if (known.kind === 'late') {
        expect(paidAt).toBeGreaterThan(seconds(invoice.timeToPayDatetime));
        expect(paidAt).toBeLessThan(seconds(invoice.timeToPayDatetime) + HOUR);
      } else {
        expect(paidAt).toBeGreaterThan(seconds(invoice.createDatetime));
        expect(paidAt).toBeLessThan(seconds(invoice.timeToPayDatetime));
        // The amount asked at creation against the amount paid, both in USD at their own moments: the
        // market moves a little in between, hence the margin of 0.5 %.
        const asked = new Big(invoice.amountFiatUSD);
        const ratio = new Big(known.usd).div(asked).toNumber();
        const [least, most] = known.kind === 'underpaid' ? [0.895, 1] : [1, 1.105];
        expect(ratio).toBeGreaterThan(least);
        expect(ratio).toBeLessThan(most);
      }
    }
  });

  it("knows each payment's USD value at the sandbox's rate of its moment", () => {
    for (const known of cases) {
      const payment = paymentsById.get(known.paymentId)!;
      const at = new Date(seconds(known.transactionDatetime) * 1000);
      const expected = new Big(payment.amount)
        .times(cryptoRateUSD(known.cryptocurrency, at))
        .round(2, Big.roundHalfUp);
      expect(known.usd).toBe(expected.toFixed(2));
    }
  });

  it('sends a stray payment only while some invoice not paid is searched for, and keeps it 6 % clear of those', () => {
    const waiting = withCases.invoices.filter(
      (invoice) => invoice.status !== 'paid' && invoice.status !== 'canceled',
    );
    for (const known of cases.filter((each) => each.invoiceId === null)) {
      const at = seconds(known.transactionDatetime);
      const searched = waiting.filter(
        (invoice) => seconds(invoice.createDatetime) <= at && at <= seconds(invoice.timeToPayDatetime) + HOUR,
      );
      expect(searched.length).toBeGreaterThan(0);
      for (const invoice of searched) {
        // The invoice's USD amount is its amount at creation; the payment's is at its own moment.
        const apart = new Big(known.usd).minus(invoice.amountFiatUSD).abs().div(invoice.amountFiatUSD);
        if (known.usd !== '0.06') expect(apart.toNumber()).toBeGreaterThan(0.05);
      }
    }
  });

  it('serves the records as the service would, and never the truth', async () => {
    const app = createSandboxApp({ seed: SEED, now: NOW, paidPerMonth: 400, unmatchedCases: true });
    const ask = async (path: string) => {
      const response = await app.request(path, {
        method: 'POST',
        headers: { Authorization: 'Token sandbox-key' },
        body: new URLSearchParams({ startDate: '2026-10-01', endDate: '2026-10-31', limit: '1000' }),
      });
      return ((await response.json()) as { data: unknown[] }).data;
    };
    const [invoices, payments] = [await ask('/invoices/list'), await ask('/payments/list')];
    for (const invoice of invoices) expect(invoiceItemSchema.safeParse(invoice).success).toBe(true);
    for (const payment of payments) expect(paymentItemSchema.safeParse(payment).success).toBe(true);
    const served = JSON.stringify([invoices, payments]);
    expect(served).not.toMatch(/stray|underpaid|overpaid|"kind"|paymentId/);
    // Every case's payment is served, without an invoice.
    const servedIds = new Set(
      (payments as { id: string; invoice?: unknown }[]).filter((p) => !p.invoice).map((p) => p.id),
    );
    expect(
      cases
        .filter((known) => known.transactionDatetime < '2026-11')
        .every((known) => servedIds.has(known.paymentId)),
    ).toBe(true);
  });
});
