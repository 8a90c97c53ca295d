import type Big from 'big.js';
import type { InvoiceStatus } from '../invoicing';
import { serviceDatetimeFromEpochSeconds } from '../period';
import { jsonNumber } from './amounts';
import { invoiceId, invoiceUid } from './identifiers';
import { commissionUSD, fiatRateAtSeconds, roundUSD } from './rates';
import type { InvoiceItemJson, InvoiceJson, PaymentItemJson, PaymentRecordJson, WalletJson } from './records';
import type { SeededRandom } from './seeded-random';
import type { MonthNumber } from './service-time';

/**
 * The generator's records. They are written as literals of one shape throughout (no spreads): a large
 * month was several times slower to generate with spread copies.
 */

/** A generated invoice before `now` decides its status and amounts. */
export interface PlannedInvoice {
  /** Complete but for `amountFiatUSD`, `commissionFiatUSD` and `status`, which `settle` writes. */
  invoice: InvoiceJson;
  created: number;
  timeToPay: number;
  /** `amountFiat` at the rate of the creation moment, in cents. */
  usdAtCreation: Big;
}

export interface InvoiceDraft {
  month: MonthNumber;
  serial: number;
  projectId: string;
  created: number;
  lifetime: number;
  amountFiat: Big;
  currency: string;
  description: string | null;
  serviceData: string | null;
  views: number;
}

/** The invoice's record, with its members in the order of the spec. */
export function newInvoice(draft: InvoiceDraft, random: SeededRandom): PlannedInvoice {
  const timeToPay = draft.created + draft.lifetime;
  return {
    invoice: {
      id: invoiceId(random, draft.month, draft.serial),
      uid: invoiceUid(draft.month, draft.serial),
      projectId: draft.projectId,
      createDatetime: serviceDatetimeFromEpochSeconds(draft.created),
      timeToPayDatetime: serviceDatetimeFromEpochSeconds(timeToPay),
      commissionFiatUSD: 0,
      amountFiatUSD: 0,
      amountFiat: jsonNumber(draft.amountFiat),
      currencyFiat: draft.currency,
      description: draft.description,
      serviceData: draft.serviceData,
      views: draft.views,
      status: 'unpaid',
    },
    created: draft.created,
    timeToPay,
    usdAtCreation: roundUSD(draft.amountFiat.times(fiatRateAtSeconds(draft.currency, draft.created))),
  };
}

/** Writes the status and `amountFiatUSD`, and the commission recalculated from it. */
export function settle(planned: PlannedInvoice, amountFiatUSD: Big, status: InvoiceStatus): InvoiceJson {
  const { invoice } = planned;
  invoice.amountFiatUSD = jsonNumber(amountFiatUSD);
  invoice.commissionFiatUSD = jsonNumber(commissionUSD(amountFiatUSD));
  invoice.status = status;
  return invoice;
}

/** An item of the invoice list for a paid invoice: its fields, then `payment` and `wallet`. */
export function paidInvoiceItem(
  invoice: InvoiceJson,
  payment: PaymentRecordJson,
  wallet: WalletJson,
): InvoiceItemJson {
  return {
    id: invoice.id,
    uid: invoice.uid,
    projectId: invoice.projectId,
    createDatetime: invoice.createDatetime,
    timeToPayDatetime: invoice.timeToPayDatetime,
    commissionFiatUSD: invoice.commissionFiatUSD,
    amountFiatUSD: invoice.amountFiatUSD,
    amountFiat: invoice.amountFiat,
    currencyFiat: invoice.currencyFiat,
    description: invoice.description,
    serviceData: invoice.serviceData,
    views: invoice.views,
    status: invoice.status,
    payment,
    wallet,
  };
}

/** An item of the payment list for a matched payment. */
export function paymentItem(
  record: PaymentRecordJson,
  invoice: InvoiceJson,
  wallet: WalletJson,
): PaymentItemJson {
  return {
    id: record.id,
    amount: record.amount,
    hash: record.hash,
    transactionDatetime: record.transactionDatetime,
    invoice,
    wallet,
  };
}
