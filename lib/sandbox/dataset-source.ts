import Big from 'big.js';
import { z } from 'zod';
import { invoiceStatusSchema, serviceDatetimeSchema } from '../invoicing';
import { fieldIssues, formatPath, issueText } from '../zod-issues';
import { type DayTotals, dayTotalsOf } from './day-totals';
import { newestInvoiceFirst, newestPaymentFirst } from './record-order';
import { type DayRange, dayInRange, type RecordSource } from './record-source';
import type { InvoiceItemJson, PaymentItemJson } from './records';

/**
 * Records to serve instead of generated ones, exactly as the service returns them (amounts as JSON
 * numbers): invoices as items of `POST /invoices/list`, payments as items of `POST /payments/list`.
 * They are served as given; the statistics are derived from the invoices.
 */
export interface SandboxDataset {
  invoices: unknown[];
  payments: unknown[];
}

const amountSchema = z.union([z.number(), z.string()]).refine((value) => {
  try {
    new Big(value);
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
  private readonly totals: Map<string, DayTotals>;

  constructor(dataset: SandboxDataset) {
    if (!Array.isArray(dataset?.invoices) || !Array.isArray(dataset?.payments)) {
      throw new TypeError('dataset: expected { invoices: [...], payments: [...] }');
    }
    this.invoices = checked(dataset.invoices, datasetInvoiceSchema, 'invoices') as InvoiceItemJson[];
    this.payments = checked(dataset.payments, datasetPaymentSchema, 'payments') as PaymentItemJson[];
    this.invoices.sort(newestInvoiceFirst);
    this.payments.sort(newestPaymentFirst);
    this.totals = dayTotalsOf(this.invoices);
  }

  invoiceLists(): InvoiceItemJson[][] {
    return [this.invoices];
  }

  paymentLists(): PaymentItemJson[][] {
    return [this.payments];
  }

  dayTotals(range: DayRange): DayTotals[] {
    return [...this.totals.values()].filter((totals) => dayInRange(totals.day, range));
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
