import { isLosslessNumber, type LosslessNumber } from 'lossless-json';
import * as z from 'zod';
import { fieldIssues, formatPath, issueText } from '../config';
import { invoiceStatusSchema, serviceDatetimeSchema } from '../invoicing';
import type { ZoneDays } from '../period';
import { datetimeBounds, type InstantRange, inBounds } from './date-reading';
import type { RecordSource } from './queries';
import { decimalOf } from './rates';
import { newestFirst } from './record-order';
import type { InvoiceItemJson, PaymentItemJson } from './records';
import { type DayTotals, dayTotalsOf } from './statistics';

/**
 * Records to serve instead of generated ones, exactly as given: invoices as items of `POST
 * /invoices/list`, payments as items of `POST /payments/list`; the statistics are derived from the
 * invoices. An amount may be a JSON number, a numeric string (served as a string), or a lossless-json
 * `LosslessNumber` (served as a number token with every digit).
 */
export interface SandboxDataset {
  invoices: unknown[];
  payments: unknown[];
}

const amountSchema = z
  .union([z.number(), z.string(), z.custom<LosslessNumber>(isLosslessNumber)])
  .refine((value) => {
    try {
      decimalOf(value);
      return true;
    } catch {
      return false;
    }
  }, 'expected a number');

/**
 * Only the members the sandbox filters and adds up by are checked, so a test can still serve a record
 * that is odd in other ways and see how a client copes.
 */
const datasetInvoiceSchema = z.looseObject({
  id: z.string(),
  uid: z.string(),
  projectId: z.string(),
  createDatetime: serviceDatetimeSchema,
  status: invoiceStatusSchema,
  amountFiatUSD: amountSchema,
  amountFiat: amountSchema,
  currencyFiat: z.string(),
});

const datasetPaymentSchema = z.looseObject({
  id: z.string(),
  transactionDatetime: serviceDatetimeSchema,
  wallet: z.looseObject({ id: z.string() }),
  invoice: z.looseObject({ id: z.string() }).nullish(),
});

/** A dataset's records, checked and ordered once. Throws a `TypeError` naming the first bad member. */
export class DatasetSource implements RecordSource {
  private readonly invoices: InvoiceItemJson[];
  private readonly payments: PaymentItemJson[];
  readonly mainProjectId: string | undefined;

  /** @param statisticsDays the days the statistics are keyed by */
  constructor(
    dataset: SandboxDataset,
    private readonly statisticsDays: ZoneDays,
  ) {
    if (!Array.isArray(dataset?.invoices) || !Array.isArray(dataset?.payments)) {
      throw new TypeError('dataset: expected { invoices: [...], payments: [...] }');
    }
    this.invoices = checked(dataset.invoices, datasetInvoiceSchema, 'invoices') as InvoiceItemJson[];
    this.payments = checked(dataset.payments, datasetPaymentSchema, 'payments') as PaymentItemJson[];
    // The project of the dataset's first invoice as given, before the records are ordered.
    this.mainProjectId = this.invoices[0]?.projectId;
    this.invoices.sort(newestFirst((invoice) => invoice.createDatetime));
    this.payments.sort(newestFirst((payment) => payment.transactionDatetime));
  }

  invoiceLists(): InvoiceItemJson[][] {
    return [this.invoices];
  }

  paymentLists(): PaymentItemJson[][] {
    return [this.payments];
  }

  dayTotals(range: InstantRange): Iterable<DayTotals> {
    const bounds = datetimeBounds(range);
    const inRange = this.invoices.filter((invoice) => inBounds(invoice.createDatetime, bounds));
    return dayTotalsOf(inRange, this.statisticsDays).values();
  }
}

/** A copy of the records (the caller's array is left alone), each checked against the schema. */
function checked(records: unknown[], schema: z.ZodType, name: string): unknown[] {
  return records.map((record, index) => {
    const result = schema.safeParse(record);
    if (!result.success) {
      const [first] = fieldIssues(result.error.issues, { root: formatPath([name, index], 'dataset') });
      throw new TypeError(issueText(first!));
    }
    return record;
  });
}
