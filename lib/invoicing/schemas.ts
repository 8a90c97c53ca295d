import * as z from 'zod';
import {
  END_OF_SERVICE_MS,
  FIRST_SERVICE_MS,
  isExistingServiceDatetime,
  SERVICE_DATETIME_PATTERN,
} from '../period';
import { FIELD_BOUNDS, tooLong } from './field-bounds';
import { isExactNumber } from './parse-service-json';
import { plainDecimalOf } from './plain-decimal';

/**
 * Schemas of the invoicing service's read interface, field by field as `invoicing-api.md` states them.
 *
 * Where the spec is silent the schemas accept what a reasonable implementation could send, and
 * normalise it, so that code downstream sees one shape:
 * - an empty object may arrive as `[]` (what PHP's json_encode writes for an empty array);
 * - an optional block (`payment`, `wallet`, `invoice`) may be omitted or `null`;
 * - a sum over nothing may be `null` (SQL's SUM of no rows);
 * - numbers may arrive as numeric strings.
 * Every amount becomes a plain decimal string (`"0.00000095"`, never `"9.5e-7"`), so sums are exact
 * and printing never shows exponent form.
 */

/** A plain decimal string: optional minus, digits, optional fraction. No exponent. */
export type DecimalString = string;

/**
 * Builds a schema on first use and keeps it. Every schema here is built so: zod takes several
 * milliseconds to build them all, which a Lambda function's cold start would otherwise pay though the
 * report API's pages, links and stored reports never read the service. Each exported schema is the
 * built one behind `z.lazy`; the shapes below use the built ones themselves, so that the compiled list
 * parsers are generated from plain schemas, with no `z.lazy` in between.
 */
function lazily<T>(build: () => T): () => T {
  let built: T | undefined;
  return () => {
    built ??= build();
    return built;
  };
}

const numericText = /^-?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** An exponent of four digits or more: `1e1000` would be written with a thousand digits and more. */
const hugeExponent = /[eE][+-]?0*\d{4}/;

/**
 * A number token that `parseServiceJson` kept as text (a double could not hold it exactly) as that text,
 * which the schemas read as they read a number sent as a string; any other value as it is.
 */
const exactNumberText = (value: unknown): unknown => (isExactNumber(value) ? value.value : value);

/** Digits of a plain decimal string: all its characters but a sign and a point. */
const digitCount = (text: string): number =>
  text.length - (text.startsWith('-') ? 1 : 0) - (text.includes('.') ? 1 : 0);

/**
 * An amount: a JSON number (every digit of it, see `parseServiceJson`) or numeric string, normalised to a
 * plain decimal string of at most `FIELD_BOUNDS.amountDigits` digits. Text longer than
 * `FIELD_BOUNDS.amountText` is refused before the pattern reads it: the pattern backtracks over a long
 * run of digits that does not match, which costs time growing with the square of its length.
 */
const decimal = lazily(() =>
  z
    .preprocess(
      exactNumberText,
      // Checked outside the union: a union reports an aborted check of one of its members only as
      // "Invalid input".
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
    ),
);

/** A sum the service may leave `null` when there is nothing to add up. */
const sum = lazily(() =>
  decimal()
    .nullish()
    .transform((value): DecimalString => value ?? '0'),
);

/** A whole number a double holds exactly (zod's `int` stops at 2^53 - 1), sent as a number or as text. */
const integer = lazily(() =>
  z.preprocess(
    exactNumberText,
    z.union([
      z.number().int(),
      z
        .string()
        .regex(/^-?\d+$/)
        .transform(Number)
        .pipe(z.number().int()),
    ]),
  ),
);

/**
 * An instant in milliseconds since the epoch, in the years a service datetime may name (100 to 9999), so
 * that every `Date` made of it is valid.
 */
const epochMs = lazily(() =>
  integer().refine(
    (ms) => ms >= FIRST_SERVICE_MS && ms < END_OF_SERVICE_MS,
    'expected a time in milliseconds between the years 100 and 9999',
  ),
);

/** `Y-m-d H:i:s`, in UTC, as the service writes every datetime. */
const serviceDatetime = lazily(() =>
  z
    .string()
    .regex(SERVICE_DATETIME_PATTERN, 'expected a datetime "Y-m-d H:i:s"')
    .refine(isExistingServiceDatetime, 'expected a datetime that exists'),
);
export const serviceDatetimeSchema = z.lazy(serviceDatetime);

/**
 * A UUID in its textual 8-4-4-4-12 form. `z.guid()` rather than `z.uuid()`: the spec says "UUID format"
 * without a version, and a strict RFC 9562 check would reject identifiers a service may well issue.
 */
const uuid = lazily(() => z.guid());
export const uuidSchema = z.lazy(uuid);

export const invoiceStatusSchema = z.enum(['unpaid', 'canceled', 'paid', 'expired']);
export type InvoiceStatus = z.infer<typeof invoiceStatusSchema>;
export const INVOICE_STATUSES = invoiceStatusSchema.options;

/** An object keyed by strings of at most `keyLength` characters; `[]` (an empty PHP array) reads as `{}`. */
const recordOf = <T extends z.ZodType>(value: T, keyLength: number = FIELD_BOUNDS.statisticsKey) =>
  z.preprocess(
    (input) => (Array.isArray(input) && input.length === 0 ? {} : (input ?? {})),
    z.record(bounded(keyLength), value),
  );

/** Whether a value is an empty block as PHP may write one: `[]` or `{}`. */
const isEmptyBlock = (value: unknown): boolean =>
  typeof value === 'object' && value !== null && Object.keys(value).length === 0;

/** An optional block: absent, `null`, `[]` and `{}` all read as `undefined`. */
const optionalBlock = <T extends z.ZodType>(block: T) =>
  z.preprocess((value) => (value === null || isEmptyBlock(value) ? undefined : value), block.optional());

/** A string of at most `maximum` characters (UTF-16 code units, as a workbook cell counts them). */
const bounded = (maximum: number) => z.string().max(maximum, tooLong(maximum));

const nullableText = lazily(() =>
  bounded(FIELD_BOUNDS.text)
    .nullish()
    .transform((value) => value ?? null),
);

const wallet = lazily(() =>
  z.object({
    id: uuid(),
    name: bounded(FIELD_BOUNDS.walletName),
    blockchain: bounded(FIELD_BOUNDS.walletToken),
    cryptocurrency: bounded(FIELD_BOUNDS.walletToken),
    address: bounded(FIELD_BOUNDS.address),
  }),
);
export const walletSchema = z.lazy(wallet);
export type Wallet = z.infer<typeof walletSchema>;

/** The invoice fields shared by the invoice list and the `invoice` block of a payment. */
const invoice = lazily(() =>
  z.object({
    id: uuid(),
    uid: bounded(FIELD_BOUNDS.uid),
    projectId: uuid(),
    createDatetime: serviceDatetime(),
    timeToPayDatetime: serviceDatetime(),
    commissionFiatUSD: decimal(),
    amountFiatUSD: decimal(),
    amountFiat: decimal(),
    currencyFiat: bounded(FIELD_BOUNDS.currencyCode),
    description: nullableText(),
    serviceData: nullableText(),
    views: integer(),
    status: invoiceStatusSchema,
  }),
);
export const invoiceSchema = z.lazy(invoice);
export type Invoice = z.infer<typeof invoiceSchema>;

/** The `payment` block of a paid invoice. */
const paymentRecord = lazily(() =>
  z.object({
    id: uuid(),
    amount: decimal(),
    hash: bounded(FIELD_BOUNDS.hash),
    transactionDatetime: serviceDatetime(),
  }),
);
export const paymentRecordSchema = z.lazy(paymentRecord);

/** An item of `POST /invoices/list`: `payment` and `wallet` only when the invoice was paid. */
const invoiceItem = lazily(() =>
  invoice().extend({
    payment: optionalBlock(paymentRecord()),
    wallet: optionalBlock(wallet()),
  }),
);
export const invoiceItemSchema = z.lazy(invoiceItem);
export type InvoiceItem = z.infer<typeof invoiceItemSchema>;

/** An item of `POST /payments/list`: `invoice` only when the payment is matched to one. */
const paymentItem = lazily(() =>
  paymentRecord().extend({
    invoice: optionalBlock(invoice()),
    wallet: wallet(),
  }),
);
export const paymentItemSchema = z.lazy(paymentItem);
export type PaymentItem = z.infer<typeof paymentItemSchema>;

/** `data` of `POST /statistics/invoices`. */
export const invoiceStatisticsSchema = z.lazy(() =>
  z.object({
    invoicesTotalNum: integer(),
    invoicesPaidNum: integer(),
    invoicesTotalUSD: sum(),
    invoicesByProjects: recordOf(sum()),
    invoicesByCurrencies: recordOf(sum(), FIELD_BOUNDS.currencyCode),
    invoicesByMonths: recordOf(sum()),
    invoicesByDate: recordOf(z.object({ date: epochMs(), value: sum() })),
  }),
);
export type InvoiceStatistics = z.infer<typeof invoiceStatisticsSchema>;

/** The envelope of every answer. Anything but `result: "success"` is a failure whose shape is not shown. */
export const successEnvelopeSchema = z.lazy(() =>
  z.object({ result: z.literal('success'), data: z.unknown() }),
);

/**
 * A page of `POST /invoices/list`. The two list schemas are compiled (`z.compile`): zod generates one
 * parser for the whole shape, with the same results and the same issues as the schema's own, several
 * times faster and with far less garbage. A month's report reads thousands of pages of a hundred records.
 * Compiled on first use (`z.lazy`): generating the parser takes about 13 ms, which a function's cold
 * start would otherwise pay even when it never lists anything.
 */
export const invoiceListSchema = z.lazy(() => z.compile(z.array(invoiceItem())));
/** A page of `POST /payments/list`, compiled as the invoices' is. */
export const paymentListSchema = z.lazy(() => z.compile(z.array(paymentItem())));

// Request parameters, validated before anything is sent.

/** `Y-m-d`, and a date that exists (no 2026-02-30). */
const serviceDate = lazily(() => z.iso.date({ message: 'expected a date "Y-m-d" that exists' }));
export const serviceDateSchema = z.lazy(serviceDate);

const statisticsFilter = lazily(() =>
  z.object({ startDate: serviceDate().optional(), endDate: serviceDate().optional() }).strict(),
);
export const statisticsFilterSchema = z.lazy(statisticsFilter);
export type StatisticsFilter = z.input<typeof statisticsFilterSchema>;

const invoiceFilter = lazily(() =>
  z
    .object({
      invoiceId: uuid().optional(),
      invoiceUid: z.string().min(1).optional(),
      projectId: uuid().optional(),
      startDate: serviceDate().optional(),
      endDate: serviceDate().optional(),
      status: invoiceStatusSchema.optional(),
    })
    .strict(),
);
export const invoiceFilterSchema = z.lazy(invoiceFilter);
export type InvoiceFilter = z.input<typeof invoiceFilterSchema>;

const paymentFilter = lazily(() =>
  z
    .object({
      walletId: uuid().optional(),
      invoiceId: uuid().optional(),
      startDate: serviceDate().optional(),
      endDate: serviceDate().optional(),
    })
    .strict(),
);
export const paymentFilterSchema = z.lazy(paymentFilter);
export type PaymentFilter = z.input<typeof paymentFilterSchema>;

const page = lazily(() =>
  z
    .object({
      offset: z.number().int().nonnegative().optional(),
      limit: z.number().int().positive().optional(),
    })
    .strict(),
);
export const pageSchema = z.lazy(page);
export type Page = z.input<typeof pageSchema>;

export const listInvoicesParamsSchema = z.lazy(() => invoiceFilter().extend(page().shape).strict());
export type ListInvoicesParams = z.input<typeof listInvoicesParamsSchema>;

export const listPaymentsParamsSchema = z.lazy(() => paymentFilter().extend(page().shape).strict());
export type ListPaymentsParams = z.input<typeof listPaymentsParamsSchema>;
