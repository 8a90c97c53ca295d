import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  invoiceItemSchema,
  invoiceListSchema,
  paymentItemSchema,
  paymentListSchema,
} from '../../../lib/invoicing/schemas';

// The list schemas are compiled (z.compile); these are the same schemas as zod runs them without compiling.
const plainInvoiceList = z.array(invoiceItemSchema);
const plainPaymentList = z.array(paymentItemSchema);

const wallet = {
  id: '1e2d3c4b-5a69-4788-9a0b-c1d2e3f4a5b6',
  name: 'Main BTC',
  blockchain: 'bitcoin',
  cryptocurrency: 'BTC',
  address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
};
const invoice = {
  id: '6f1c2a4e-8b3d-4c5f-9a7e-1d2b3c4d5e6f',
  uid: 'INV-2026-0001',
  projectId: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  createDatetime: '2026-01-31 23:59:59',
  timeToPayDatetime: '2026-02-01 00:59:59',
  commissionFiatUSD: 0.3,
  amountFiatUSD: 29.97,
  amountFiat: 27.5,
  currencyFiat: 'EUR',
  description: 'Annual plan',
  serviceData: 'order=1001',
  views: 3,
  status: 'paid',
};
const payment = {
  id: '9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a',
  amount: 0.00000095,
  hash: '3a1b9f0c7e2d4a5b6c8d9e0f1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b',
  transactionDatetime: '2026-02-01 00:10:00',
};
const { description: _description, serviceData: _serviceData, ...invoiceWithoutTexts } = invoice;

/** Pages a service could send, well-formed or not, each meant to exercise one normalisation or check. */
const invoicePages: Record<string, unknown> = {
  'paid with payment and wallet': [{ ...invoice, payment, wallet }],
  'unpaid without blocks': [{ ...invoice, status: 'unpaid' }],
  'null blocks': [{ ...invoice, status: 'canceled', payment: null, wallet: null }],
  'texts missing': [invoiceWithoutTexts],
  'amounts as text and exponents': [
    { ...invoice, commissionFiatUSD: ' 0.30 ', amountFiatUSD: '1e-7', amountFiat: 1e21, views: '7' },
  ],
  'unknown members': [
    { ...invoice, extra: 1, payment: { ...payment, fee: 2 }, wallet: { ...wallet, memo: 'x' } },
  ],
  'empty page': [],
  'bad amount': [{ ...invoice, amountFiatUSD: 'twelve' }],
  'date that does not exist': [{ ...invoice, createDatetime: '2026-02-30 10:00:00' }],
  'bad status and id': [{ ...invoice, status: 'refunded', id: 'not-a-uuid' }],
  'fractional views': [{ ...invoice, views: 1.5 }],
  'wallet missing a member': [{ ...invoice, payment, wallet: { ...wallet, address: undefined } }],
  'not a list': { 0: invoice },
  'a record that is not an object': [invoice, 'x', null],
};

const paymentPages: Record<string, unknown> = {
  matched: [{ ...payment, invoice, wallet }],
  unmatched: [{ ...payment, wallet }],
  'null invoice': [{ ...payment, invoice: null, wallet }],
  'amount as text': [{ ...payment, amount: '0.000000950', wallet }],
  'wallet missing': [{ ...payment }],
  'invoice block with a bad date': [
    { ...payment, invoice: { ...invoice, timeToPayDatetime: '2026-13-01 00:00:00' }, wallet },
  ],
};

/** What a parse gives, in a form `toStrictEqual` can compare (absent and undefined members kept apart). */
function outcome(result: z.ZodSafeParseResult<unknown>) {
  return result.success
    ? { data: result.data }
    : { issues: result.error.issues.map(({ code, path, message }) => ({ code, path, message })) };
}

describe('compiled list schemas', () => {
  it.each(Object.entries(invoicePages))(
    'read an invoice page (%s) exactly as the plain schema does',
    (_, page) => {
      expect(outcome(invoiceListSchema.safeParse(page))).toStrictEqual(
        outcome(plainInvoiceList.safeParse(page)),
      );
    },
  );

  it.each(Object.entries(paymentPages))(
    'read a payment page (%s) exactly as the plain schema does',
    (_, page) => {
      expect(outcome(paymentListSchema.safeParse(page))).toStrictEqual(
        outcome(plainPaymentList.safeParse(page)),
      );
    },
  );

  it('keeps an absent block absent and a null block as a member set to undefined', () => {
    const [absent, nulled] = invoiceListSchema.parse([invoice, { ...invoice, payment: null }]);
    expect(Object.hasOwn(absent!, 'payment')).toBe(false);
    expect(Object.hasOwn(nulled!, 'payment')).toBe(true);
    expect(nulled!.payment).toBeUndefined();
  });
});
