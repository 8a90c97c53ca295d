/**
 * Generated service records, as JSON the service would send, for tests that need many of them.
 * Identifiers encode the record's number so a test can tell which records came back.
 */

/** A UUID whose last group is `n` in hexadecimal; `kind` keeps invoices, payments and wallets apart. */
export function uuidOf(kind: 'invoice' | 'payment' | 'wallet' | 'project', n: number): string {
  const prefix = { invoice: 'a0000000', payment: 'b0000000', wallet: 'c0000000', project: 'd0000000' }[kind];
  return `${prefix}-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
}

/** Unpaid invoice number `n`: no `payment`, no `wallet`. */
export function invoiceJson(n: number): Record<string, unknown> {
  return {
    id: uuidOf('invoice', n),
    uid: `INV-${n}`,
    projectId: uuidOf('project', n % 3),
    createDatetime: '2026-01-15 10:00:00',
    timeToPayDatetime: '2026-01-15 11:00:00',
    commissionFiatUSD: 0.1,
    amountFiatUSD: 10,
    amountFiat: 10,
    currencyFiat: 'USD',
    description: `Order ${n}`,
    serviceData: null,
    views: n % 5,
    status: 'unpaid',
  };
}

/** Unmatched payment number `n`: no `invoice`. */
export function paymentJson(n: number): Record<string, unknown> {
  return {
    id: uuidOf('payment', n),
    amount: 0.00000095,
    hash: `0x${n.toString(16).padStart(64, '0')}`,
    transactionDatetime: '2026-01-15 10:30:00',
    wallet: {
      id: uuidOf('wallet', 1),
      name: 'Main',
      blockchain: 'bitcoin',
      cryptocurrency: 'BTC',
      address: 'bc1qexampleaddress',
    },
  };
}

/** `count` invoices numbered from 0. */
export function invoicesJson(count: number): Record<string, unknown>[] {
  return Array.from({ length: count }, (_, n) => invoiceJson(n));
}
