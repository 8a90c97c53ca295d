import type { InvoiceStatus } from '../invoicing';

/** Records as the sandbox writes them, amounts as JSON numbers (`lib/invoicing/schemas.ts` reads them). */

export interface WalletJson {
  id: string;
  name: string;
  blockchain: string;
  cryptocurrency: string;
  address: string;
}

/** The invoice fields: an item of the invoice list without `payment`/`wallet`, and a payment's `invoice`. */
export interface InvoiceJson {
  id: string;
  uid: string;
  projectId: string;
  createDatetime: string;
  timeToPayDatetime: string;
  commissionFiatUSD: number;
  amountFiatUSD: number;
  amountFiat: number;
  currencyFiat: string;
  description: string | null;
  serviceData: string | null;
  views: number;
  status: InvoiceStatus;
}

/** The `payment` block of a paid invoice. */
export interface PaymentRecordJson {
  id: string;
  amount: number;
  hash: string;
  transactionDatetime: string;
}

/** An item of `POST /invoices/list`: `payment` and `wallet` only when paid. */
export interface InvoiceItemJson extends InvoiceJson {
  payment?: PaymentRecordJson;
  wallet?: WalletJson;
}

/** An item of `POST /payments/list`: `invoice` only when matched. */
export interface PaymentItemJson extends PaymentRecordJson {
  invoice?: InvoiceJson;
  wallet: WalletJson;
}
