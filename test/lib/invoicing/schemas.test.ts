import { LosslessNumber } from 'lossless-json';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  invoiceItemSchema,
  invoiceListSchema,
  invoiceStatisticsSchema,
  paymentItemSchema,
  paymentListSchema,
} from '../../../lib/invoicing/schemas';

// Samples shaped field by field as invoicing-api.md shows them, written out by hand.
const paidInvoice = {
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
  payment: {
    id: '9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a',
    amount: 0.00000095,
    hash: '3a1b9f0c7e2d4a5b6c8d9e0f1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b',
    transactionDatetime: '2026-02-01 00:10:00',
  },
  wallet: {
    id: '1e2d3c4b-5a69-4788-9a0b-c1d2e3f4a5b6',
    name: 'Main BTC',
    blockchain: 'bitcoin',
    cryptocurrency: 'BTC',
    address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
  },
};

const unpaidInvoice = {
  id: '7a6b5c4d-3e2f-4a1b-9c8d-7e6f5a4b3c2d',
  uid: 'INV-2026-0002',
  projectId: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  createDatetime: '2026-01-02 08:00:00',
  timeToPayDatetime: '2026-01-02 09:00:00',
  commissionFiatUSD: 0.15,
  amountFiatUSD: 15,
  amountFiat: 15,
  currencyFiat: 'USD',
  description: null,
  serviceData: null,
  views: 0,
  status: 'unpaid',
};

// A payment as /payments/list shows the one of `paidInvoice`: the same invoice, wallet and payment fields.
const { payment: paidWith, wallet: paidTo, ...paidInvoiceFields } = paidInvoice;
const matchedPayment = { ...paidWith, invoice: paidInvoiceFields, wallet: paidTo };

const unmatchedPayment = {
  id: '2b3c4d5e-6f70-4812-9a3b-4c5d6e7f8091',
  amount: '12.5',
  hash: '0xabc123',
  transactionDatetime: '2026-01-20 14:00:00',
  wallet: {
    id: '3c4d5e6f-7081-4923-8b4c-5d6e7f809102',
    name: 'USDT',
    blockchain: 'tron',
    cryptocurrency: 'USDT',
    address: 'TXYZabc123',
  },
};

const fullStatistics = {
  invoicesTotalNum: 12,
  invoicesPaidNum: 5,
  invoicesTotalUSD: 1234.56,
  invoicesByProjects: {
    '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d': 1000.5,
    '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b': 234.06,
  },
  invoicesByCurrencies: { EUR: 900, USD: 334.56 },
  invoicesByMonths: { 'January-2026': 1234.56 },
  invoicesByDate: {
    '2026-01-02': { date: 1767312000000, value: 1000.5 },
    '2026-01-31': { date: 1769817600000, value: 234.06 },
  },
};

describe('invoice list items', () => {
  it('reads a paid invoice with its payment and wallet, amounts as plain decimals', () => {
    const invoice = invoiceItemSchema.parse(paidInvoice);

    expect(invoice.amountFiatUSD).toBe('29.97');
    expect(invoice.commissionFiatUSD).toBe('0.3');
    expect(invoice.amountFiat).toBe('27.5');
    expect(invoice.payment).toEqual({
      id: '9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a',
      amount: '0.00000095',
      hash: '3a1b9f0c7e2d4a5b6c8d9e0f1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b',
      transactionDatetime: '2026-02-01 00:10:00',
    });
    expect(invoice.wallet?.cryptocurrency).toBe('BTC');
    expect(invoice.description).toBe('Annual plan');
  });

  it('reads an unpaid invoice that has neither payment nor wallet', () => {
    const invoice = invoiceItemSchema.parse(unpaidInvoice);

    expect(invoice.payment).toBeUndefined();
    expect(invoice.wallet).toBeUndefined();
    expect(invoice.description).toBeNull();
    expect(invoice.serviceData).toBeNull();
    expect(invoice.amountFiatUSD).toBe('15');
  });

  it('reads null payment and wallet blocks as absent', () => {
    const invoice = invoiceItemSchema.parse({ ...unpaidInvoice, payment: null, wallet: null });

    expect(invoice.payment).toBeUndefined();
    expect(invoice.wallet).toBeUndefined();
  });

  it('reads empty payment and wallet blocks ([] and {}, as PHP writes them) as absent', () => {
    const invoice = invoiceItemSchema.parse({ ...unpaidInvoice, payment: [], wallet: {} });

    expect(invoice.payment).toBeUndefined();
    expect(invoice.wallet).toBeUndefined();
    expect(paymentItemSchema.parse({ ...unmatchedPayment, invoice: [] }).invoice).toBeUndefined();
  });

  it('still rejects a block that is there but malformed', () => {
    const result = invoiceItemSchema.safeParse({ ...paidInvoice, wallet: { id: 'not-a-uuid' } });

    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['wallet', 'id']);
  });

  it('accepts numbers sent as numeric strings', () => {
    const invoice = invoiceItemSchema.parse({ ...unpaidInvoice, amountFiatUSD: '15.50', views: '7' });

    expect(invoice.amountFiatUSD).toBe('15.5');
    expect(invoice.views).toBe(7);
  });

  it('never writes an amount in exponent form', () => {
    const invoice = invoiceItemSchema.parse({ ...unpaidInvoice, amountFiat: 1e-8, amountFiatUSD: '2.5e3' });

    expect(invoice.amountFiat).toBe('0.00000001');
    expect(invoice.amountFiatUSD).toBe('2500');
  });

  it('reads a number kept as text by the lossless parse with every digit', () => {
    const invoice = invoiceItemSchema.parse({
      ...unpaidInvoice,
      amountFiat: new LosslessNumber('98765432.987654321'),
      amountFiatUSD: new LosslessNumber('123456789012.345678901234567891'),
      views: new LosslessNumber('12'),
    });

    expect(invoice.amountFiat).toBe('98765432.987654321');
    expect(invoice.amountFiatUSD).toBe('123456789012.345678901234567891');
    expect(invoice.views).toBe(12);
  });

  it('refuses an amount with an exponent of four digits, which would be written with thousands', () => {
    const result = invoiceItemSchema.safeParse({
      ...unpaidInvoice,
      amountFiat: new LosslessNumber('1e1000'),
    });

    expect(result.error?.issues.map(({ path, message }) => ({ path, message }))).toEqual([
      { path: ['amountFiat'], message: 'expected a number with an exponent of at most 999' },
    ]);
  });

  it('refuses an amount a double overflowed to infinity', () => {
    expect(
      invoiceItemSchema.safeParse({ ...unpaidInvoice, amountFiat: Number.POSITIVE_INFINITY }).success,
    ).toBe(false);
  });

  it('refuses a count too large for a double to hold exactly, as a number or as text', () => {
    expect(invoiceItemSchema.safeParse({ ...unpaidInvoice, views: 2 ** 53 }).success).toBe(false);
    expect(invoiceItemSchema.safeParse({ ...unpaidInvoice, views: '9007199254740993' }).success).toBe(false);
    expect(
      invoiceItemSchema.safeParse({ ...unpaidInvoice, views: new LosslessNumber('9007199254740993') })
        .success,
    ).toBe(false);
  });

  it('names the malformed field of the fourth item', () => {
    const broken = { ...paidInvoice, payment: { ...paidInvoice.payment, amount: 'lots' } };
    const result = invoiceListSchema.safeParse([paidInvoice, unpaidInvoice, paidInvoice, broken]);

    expect(result.success).toBe(false);
    expect(result.error?.issues).toHaveLength(1);
    expect(result.error?.issues[0]?.path).toEqual([3, 'payment', 'amount']);
    expect(result.error?.issues[0]?.message).toBe('expected a number');
  });

  it('rejects a status the spec does not list', () => {
    const result = invoiceItemSchema.safeParse({ ...unpaidInvoice, status: 'refunded' });

    expect(result.error?.issues[0]?.path).toEqual(['status']);
  });

  it('rejects a datetime that is not "Y-m-d H:i:s"', () => {
    const result = invoiceItemSchema.safeParse({ ...unpaidInvoice, createDatetime: '2026-01-02T08:00:00Z' });

    expect(result.error?.issues[0]?.path).toEqual(['createDatetime']);
  });
});

describe('payment list items', () => {
  it('reads a payment matched to an invoice', () => {
    const payment = paymentItemSchema.parse(matchedPayment);

    expect(payment.amount).toBe('0.00000095');
    expect(payment.invoice?.id).toBe('6f1c2a4e-8b3d-4c5f-9a7e-1d2b3c4d5e6f');
    expect(payment.invoice?.amountFiatUSD).toBe('29.97');
    expect(payment.wallet.blockchain).toBe('bitcoin');
  });

  it('reads an unmatched payment that has no invoice block', () => {
    const payment = paymentItemSchema.parse(unmatchedPayment);

    expect(payment.invoice).toBeUndefined();
    expect(payment.amount).toBe('12.5');
    expect(payment.wallet.cryptocurrency).toBe('USDT');
  });

  it('requires the wallet block', () => {
    const { wallet: _wallet, ...withoutWallet } = unmatchedPayment;
    const result = paymentListSchema.safeParse([withoutWallet]);

    expect(result.error?.issues[0]?.path).toEqual([0, 'wallet']);
  });
});

describe('invoice statistics', () => {
  it('reads every member, sums as plain decimals', () => {
    const statistics = invoiceStatisticsSchema.parse(fullStatistics);

    expect(statistics).toEqual({
      invoicesTotalNum: 12,
      invoicesPaidNum: 5,
      invoicesTotalUSD: '1234.56',
      invoicesByProjects: {
        '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d': '1000.5',
        '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b': '234.06',
      },
      invoicesByCurrencies: { EUR: '900', USD: '334.56' },
      invoicesByMonths: { 'January-2026': '1234.56' },
      invoicesByDate: {
        '2026-01-02': { date: 1767312000000, value: '1000.5' },
        '2026-01-31': { date: 1769817600000, value: '234.06' },
      },
    });
  });

  it('reads [] as an empty object, as PHP writes one', () => {
    const statistics = invoiceStatisticsSchema.parse({
      invoicesTotalNum: 0,
      invoicesPaidNum: 0,
      invoicesTotalUSD: 0,
      invoicesByProjects: [],
      invoicesByCurrencies: [],
      invoicesByMonths: [],
      invoicesByDate: [],
    });

    expect(statistics.invoicesByProjects).toEqual({});
    expect(statistics.invoicesByCurrencies).toEqual({});
    expect(statistics.invoicesByMonths).toEqual({});
    expect(statistics.invoicesByDate).toEqual({});
  });

  it('reads null sums as zero', () => {
    const statistics = invoiceStatisticsSchema.parse({
      ...fullStatistics,
      invoicesTotalUSD: null,
      invoicesByCurrencies: { EUR: null },
      invoicesByDate: { '2026-01-02': { date: 1767312000000, value: null } },
    });

    expect(statistics.invoicesTotalUSD).toBe('0');
    expect(statistics.invoicesByCurrencies).toEqual({ EUR: '0' });
    expect(statistics.invoicesByDate['2026-01-02']?.value).toBe('0');
  });

  it('refuses a day whose start in milliseconds is beyond the years 100 to 9999', () => {
    const result = invoiceStatisticsSchema.safeParse({
      ...fullStatistics,
      invoicesByDate: { '2026-01-02': { date: 253402300800000, value: 1 } },
    });

    expect(result.error?.issues.map(({ path, message }) => ({ path, message }))).toEqual([
      {
        path: ['invoicesByDate', '2026-01-02', 'date'],
        message: 'expected a time in milliseconds between the years 100 and 9999',
      },
    ]);
  });

  it('names a malformed day total by its date key', () => {
    const result = invoiceStatisticsSchema.safeParse({
      ...fullStatistics,
      invoicesByDate: { '2026-01-02': { date: 1767312000000, value: 'n/a' } },
    });

    expect(result.error?.issues[0]?.path).toEqual(['invoicesByDate', '2026-01-02', 'value']);
  });
});

describe('bounds on the fields the spec leaves open', () => {
  const issuesOf = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
    result.error?.issues.map(({ path, message }) => ({ path, message }));

  it.each([
    ['currencyFiat', 'EUR'.padEnd(17, 'X'), 'expected at most 16 characters'],
    ['uid', 'u'.repeat(257), 'expected at most 256 characters'],
    ['description', 'd'.repeat(32_768), 'expected at most 32,767 characters'],
    ['serviceData', 's'.repeat(32_768), 'expected at most 32,767 characters'],
  ])('refuses an invoice whose %s is longer than its bound, naming the field', (field, value, message) => {
    expect(issuesOf(invoiceItemSchema.safeParse({ ...paidInvoice, [field]: value }))).toEqual([
      { path: [field], message },
    ]);
  });

  it('keeps a description of exactly 32,767 characters, a workbook cell, whole', () => {
    const description = 'é'.repeat(32_767);

    expect(invoiceItemSchema.parse({ ...paidInvoice, description }).description).toBe(description);
  });

  it.each([
    ['wallet', 'name', 'n'.repeat(1_001), 'expected at most 1,000 characters'],
    ['wallet', 'blockchain', 'b'.repeat(65), 'expected at most 64 characters'],
    ['wallet', 'cryptocurrency', 'c'.repeat(65), 'expected at most 64 characters'],
    ['wallet', 'address', 'a'.repeat(513), 'expected at most 512 characters'],
    ['payment', 'hash', 'f'.repeat(257), 'expected at most 256 characters'],
  ])('refuses a paid invoice whose %s %s is longer than its bound', (block, field, value, message) => {
    const item = { ...paidInvoice, [block]: { ...paidInvoice[block as 'wallet'], [field]: value } };

    expect(issuesOf(invoiceItemSchema.safeParse(item))).toEqual([{ path: [block, field], message }]);
  });

  it('refuses an amount of 20,000 digits, as text or as a number kept whole, before reading it', () => {
    const digits = '9'.repeat(20_000);

    for (const amountFiat of [digits, new LosslessNumber(digits), `${digits}x`]) {
      expect(issuesOf(invoiceItemSchema.safeParse({ ...paidInvoice, amountFiat }))).toEqual([
        { path: ['amountFiat'], message: 'expected at most 96 characters' },
      ]);
    }
  });

  it('refuses an amount written out with more than 64 digits, and keeps one of 64', () => {
    // 1e-63 is written 0.000…01, a zero, a point and 63 digits; 1e64 a one and 64 zeros, 65 digits.
    const sixtyFour = `0.${'0'.repeat(62)}1`;

    expect(invoiceItemSchema.parse({ ...paidInvoice, amountFiat: '1e-63' }).amountFiat).toBe(sixtyFour);
    expect(issuesOf(invoiceItemSchema.safeParse({ ...paidInvoice, amountFiat: '1e64' }))).toEqual([
      { path: ['amountFiat'], message: 'expected a number of at most 64 digits written out' },
    ]);
  });

  it('refuses a statistics currency key longer than a currency code', () => {
    const result = invoiceStatisticsSchema.safeParse({
      invoicesTotalNum: 1,
      invoicesPaidNum: 1,
      invoicesTotalUSD: 1,
      invoicesByCurrencies: { ['E'.repeat(17)]: 1 },
    });

    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['invoicesByCurrencies', 'E'.repeat(17)]);
  });
});

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
