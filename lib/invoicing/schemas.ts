import { millisecondsInSecond, secondsInHour } from 'date-fns/constants';
import * as z from 'zod';
import {
  END_OF_SERVICE_MS,
  FIRST_SERVICE_MS,
  isExistingServiceDatetime,
  SERVICE_DATETIME_PATTERN,
} from '../period';
import { isExactNumber, plainDecimalOf } from './service-json';

// The service's read interface, field by field as `invoicing-api.md` states it. Where the spec is silent,
// what a reasonable implementation could send is read and normalised: an empty object as `[]` (PHP), an
// optional block omitted or `null`, a sum over nothing `null` (SQL), numbers as numeric strings.

/** An amount as a plain decimal string (`"0.00000095"`, never `"9.5e-7"`): sums are exact. */
export type DecimalString = string;

/** The spec's one hour a payment search stays active after an invoice's `timeToPayDatetime`. */
export const PAYMENT_SEARCH_GRACE_SECONDS = secondsInHour;
export const PAYMENT_SEARCH_GRACE_MS = PAYMENT_SEARCH_GRACE_SECONDS * millisecondsInSecond;

/** Bounds on fields whose size the spec leaves open (`docs/limits.md` says why); beyond, refused. */
export const FIELD_BOUNDS = {
  currencyCode: 16, // `currencyFiat`, keys of `invoicesByCurrencies`: ISO 4217 codes are three letters
  walletToken: 64, // a wallet's `cryptocurrency` (`BTC`) and `blockchain` (`tron`)
  address: 512, // the longest wallet addresses in use are about a hundred characters
  hash: 256, // a transaction id: 64 hex digits on most chains, 88 base58 on some
  uid: 256,
  text: 32_767, // `description`, `serviceData`: what one workbook cell holds (Excel's limit)
  walletName: 1_000, // the page lists every wallet of the period with its name
  amountDigits: 64, // written out in full (`0.00000095` has nine); wei amounts need about forty
  amountText: 96, // an amount as sent, checked before anything else reads it
  statisticsKey: 64, // other keys of the statistics' objects: project UUIDs, months, dates
} as const;

/** The message of a field refused for its length: `expected at most 16 characters`. */
export const tooLong = (maximum: number): string =>
  `expected at most ${maximum.toLocaleString('en-US')} characters`;

const numericText = /^-?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
/** An exponent of four digits or more: `1e1000` would be written with a thousand digits and more. */
const hugeExponent = /[eE][+-]?0*\d{4}/;

/** A number `parseServiceJson` kept as text, read as a number sent as a string. */
const exactNumberText = (value: unknown): unknown => (isExactNumber(value) ? value.value : value);

const digitCount = (text: string): number =>
  text.length - (text.startsWith('-') ? 1 : 0) - (text.includes('.') ? 1 : 0);

/** A string of at most `maximum` characters (UTF-16 code units, as a workbook cell counts them). */
const bounded = (maximum: number) => z.string().max(maximum, tooLong(maximum));

/** An object of short keys; `[]` (an empty PHP array) reads as `{}`. */
const recordOf = <T extends z.ZodType>(value: T, keyLength: number = FIELD_BOUNDS.statisticsKey) =>
  z.preprocess(
    (input) => (Array.isArray(input) && input.length === 0 ? {} : (input ?? {})),
    z.record(bounded(keyLength), value),
  );

/** An optional block: absent, `null`, `[]` and `{}` (as PHP may write an empty one) read as `undefined`. */
const optionalBlock = <T extends z.ZodType>(block: T) =>
  z.preprocess(
    (value) =>
      value === null || (typeof value === 'object' && !Object.keys(value).length) ? undefined : value,
    block.optional(),
  );

/** Request parameters; a `startDate` after `endDate` is refused too: the spec does not say what it means. */
const requestParams = <Shape extends z.ZodRawShape>(shape: Shape) =>
  z.strictObject(shape).check((payload) => {
    const { startDate, endDate } = payload.value as { startDate?: string; endDate?: string };
    if (payload.issues.length === 0 && startDate && endDate && startDate > endDate) {
      const message = `${startDate} is after endDate ${endDate}`;
      payload.issues.push({ code: 'custom', path: ['startDate'], message, input: payload.value });
    }
  });

/**
 * Every schema, built on first use: building them takes milliseconds a cold start would pay though the
 * API's pages never read the service. Shapes use the built ones, so compiled parsers see no `z.lazy`.
 */
function buildSchemas() {
  /** An amount, number or numeric string. Long text is refused first: the pattern's cost is quadratic. */
  const decimal = z
    .preprocess(
      exactNumberText,
      // Checked outside the union: a union reports a member's aborted check only as "Invalid input".
      z
        .unknown()
        .refine((value) => typeof value !== 'string' || value.length <= FIELD_BOUNDS.amountText, {
          message: tooLong(FIELD_BOUNDS.amountText),
          abort: true,
        })
        .pipe(
          z.union([
            z.number(),
            z
              .string()
              .trim()
              .regex(numericText, 'expected a number')
              .refine(
                (text) => !hugeExponent.test(text),
                'expected a number with an exponent of at most 999',
              ),
          ]),
        ),
    )
    .transform((value): DecimalString => plainDecimalOf(value))
    .refine(
      (text) => digitCount(text) <= FIELD_BOUNDS.amountDigits,
      `expected a number of at most ${FIELD_BOUNDS.amountDigits} digits written out`,
    );
  /** A sum the service may leave `null` when there is nothing to add up. */
  const sum = decimal.nullish().transform((value): DecimalString => value ?? '0');
  /** A whole number a double holds exactly (zod's `int` stops at 2^53 - 1), sent as a number or as text. */
  const integer = z.preprocess(
    exactNumberText,
    z.union([
      z.number().int(),
      z
        .string()
        .regex(/^-?\d+$/)
        .transform(Number)
        .pipe(z.number().int()),
    ]),
  );
  /** In the years a service datetime may name (100 to 9999): every `Date` of it is valid. */
  const epochMs = integer.refine(
    (ms) => ms >= FIRST_SERVICE_MS && ms < END_OF_SERVICE_MS,
    'expected a time in milliseconds between the years 100 and 9999',
  );
  const serviceDatetime = z
    .string()
    .regex(SERVICE_DATETIME_PATTERN, 'expected a datetime "Y-m-d H:i:s"')
    .refine(isExistingServiceDatetime, 'expected a datetime that exists');
  /** 8-4-4-4-12. `z.guid()`, not `z.uuid()`: the spec names no UUID version, and RFC 9562's check is strict. */
  const uuid = z.guid();
  const serviceDate = z.iso.date({ message: 'expected a date "Y-m-d" that exists' });
  const nullableText = bounded(FIELD_BOUNDS.text)
    .nullish()
    .transform((value) => value ?? null);
  const wallet = z.object({
    id: uuid,
    name: bounded(FIELD_BOUNDS.walletName),
    blockchain: bounded(FIELD_BOUNDS.walletToken),
    cryptocurrency: bounded(FIELD_BOUNDS.walletToken),
    address: bounded(FIELD_BOUNDS.address),
  });
  /** The invoice fields of the invoice list and of a payment's `invoice` block. */
  const invoice = z.object({
    id: uuid,
    uid: bounded(FIELD_BOUNDS.uid),
    projectId: uuid,
    createDatetime: serviceDatetime,
    timeToPayDatetime: serviceDatetime,
    commissionFiatUSD: decimal,
    amountFiatUSD: decimal,
    amountFiat: decimal,
    currencyFiat: bounded(FIELD_BOUNDS.currencyCode),
    description: nullableText,
    serviceData: nullableText,
    views: integer,
    status: invoiceStatusSchema,
  });
  /** The `payment` block of a paid invoice. */
  const payment = z.object({
    id: uuid,
    amount: decimal,
    hash: bounded(FIELD_BOUNDS.hash),
    transactionDatetime: serviceDatetime,
  });
  /** An item of `POST /invoices/list`: `payment` and `wallet` only when the invoice was paid. */
  const invoiceItem = invoice.extend({ payment: optionalBlock(payment), wallet: optionalBlock(wallet) });
  /** An item of `POST /payments/list`: `invoice` only when the payment is matched to one. */
  const paymentItem = payment.extend({ invoice: optionalBlock(invoice), wallet });
  const dates = { startDate: serviceDate.optional(), endDate: serviceDate.optional() };
  const page = {
    offset: z.number().int().nonnegative().optional(),
    limit: z.number().int().positive().optional(),
  };
  const invoiceFilter = {
    invoiceId: uuid.optional(),
    invoiceUid: z.string().min(1).optional(),
    projectId: uuid.optional(),
    ...dates,
    status: invoiceStatusSchema.optional(),
  };
  const paymentFilter = { walletId: uuid.optional(), invoiceId: uuid.optional(), ...dates };
  return {
    serviceDatetime,
    uuid,
    serviceDate,
    statisticsFilter: requestParams(dates),
    invoiceFilter: requestParams(invoiceFilter),
    paymentFilter: requestParams(paymentFilter),
    listInvoicesParams: requestParams({ ...invoiceFilter, ...page }),
    listPaymentsParams: requestParams({ ...paymentFilter, ...page }),
    wallet,
    invoice,
    invoiceItem,
    paymentItem,
    /** `data` of `POST /statistics/invoices`. */
    statistics: z.object({
      invoicesTotalNum: integer,
      invoicesPaidNum: integer,
      invoicesTotalUSD: sum,
      invoicesByProjects: recordOf(sum),
      invoicesByCurrencies: recordOf(sum, FIELD_BOUNDS.currencyCode),
      invoicesByMonths: recordOf(sum),
      invoicesByDate: recordOf(z.object({ date: epochMs, value: sum })),
    }),
    /**
     * A page of each list, compiled (`z.compile`): one generated parser, same results and issues, several
     * times faster with far less garbage over a month's thousands of pages. Compiling takes about 13 ms.
     */
    invoiceList: z.compile(z.array(invoiceItem)),
    paymentList: z.compile(z.array(paymentItem)),
  };
}

let built: ReturnType<typeof buildSchemas> | undefined;
const schemas = () => {
  built ??= buildSchemas();
  return built;
};

export const invoiceStatusSchema = z.enum(['unpaid', 'canceled', 'paid', 'expired']);
export type InvoiceStatus = z.infer<typeof invoiceStatusSchema>;
export const INVOICE_STATUSES = invoiceStatusSchema.options;

export const serviceDatetimeSchema = z.lazy(() => schemas().serviceDatetime);
export const uuidSchema = z.lazy(() => schemas().uuid);
/** `Y-m-d`, and a date that exists (no 2026-02-30). */
export const serviceDateSchema = z.lazy(() => schemas().serviceDate);
export const statisticsFilterSchema = z.lazy(() => schemas().statisticsFilter);
export const invoiceFilterSchema = z.lazy(() => schemas().invoiceFilter);
export const paymentFilterSchema = z.lazy(() => schemas().paymentFilter);
export const listInvoicesParamsSchema = z.lazy(() => schemas().listInvoicesParams);
export const listPaymentsParamsSchema = z.lazy(() => schemas().listPaymentsParams);
export const invoiceItemSchema = z.lazy(() => schemas().invoiceItem);
export const paymentItemSchema = z.lazy(() => schemas().paymentItem);
export const invoiceStatisticsSchema = z.lazy(() => schemas().statistics);
export const invoiceListSchema = z.lazy(() => schemas().invoiceList);
export const paymentListSchema = z.lazy(() => schemas().paymentList);

type Schemas = ReturnType<typeof buildSchemas>;
export type Wallet = z.infer<Schemas['wallet']>;
export type Invoice = z.infer<Schemas['invoice']>;
export type InvoiceItem = z.infer<typeof invoiceItemSchema>;
export type PaymentItem = z.infer<typeof paymentItemSchema>;
export type InvoiceStatistics = z.infer<typeof invoiceStatisticsSchema>;
export type StatisticsFilter = z.input<typeof statisticsFilterSchema>;
export type InvoiceFilter = z.input<typeof invoiceFilterSchema>;
export type PaymentFilter = z.input<typeof paymentFilterSchema>;
export type ListInvoicesParams = z.input<typeof listInvoicesParamsSchema>;
export type ListPaymentsParams = z.input<typeof listPaymentsParamsSchema>;
