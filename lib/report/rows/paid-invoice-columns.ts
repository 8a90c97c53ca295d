import type { InvoiceItem } from '../../invoicing';
import { ADDRESS_WIDTH, column, fiatColumn, HASH_WIDTH, type ReportColumn } from './report-column';

/**
 * The columns of `paid-invoices.csv` and of the workbook's `Paid invoices` sheet, in DESIGN.md's order:
 * the invoice, its `payment` block, its `wallet` block.
 */
export const PAID_INVOICE_COLUMNS: readonly ReportColumn<InvoiceItem>[] = [
  column('invoice_id', 'identifier', (invoice) => invoice.id),
  column('invoice_uid', 'text', (invoice) => invoice.uid),
  column('project_id', 'identifier', (invoice) => invoice.projectId),
  column('created_at', 'datetime', (invoice) => invoice.createDatetime),
  column('time_to_pay_at', 'datetime', (invoice) => invoice.timeToPayDatetime),
  column('status', 'identifier', (invoice) => invoice.status, { width: 10 }),
  fiatColumn('amount_fiat', (invoice) => invoice.amountFiat, 'currency_fiat'),
  column('currency_fiat', 'text', (invoice) => invoice.currencyFiat, { width: 14 }),
  column('amount_usd', 'usd', (invoice) => invoice.amountFiatUSD),
  column('commission_usd', 'usd', (invoice) => invoice.commissionFiatUSD),
  column('description', 'longText', (invoice) => invoice.description),
  column('service_data', 'longText', (invoice) => invoice.serviceData),
  column('views', 'count', (invoice) => String(invoice.views)),
  column('payment_id', 'identifier', (invoice) => invoice.payment?.id),
  column('payment_hash', 'text', (invoice) => invoice.payment?.hash, { width: HASH_WIDTH }),
  column('payment_amount', 'crypto', (invoice) => invoice.payment?.amount),
  column('paid_at', 'datetime', (invoice) => invoice.payment?.transactionDatetime),
  column('wallet_id', 'identifier', (invoice) => invoice.wallet?.id),
  column('wallet_name', 'text', (invoice) => invoice.wallet?.name),
  column('blockchain', 'text', (invoice) => invoice.wallet?.blockchain),
  column('cryptocurrency', 'text', (invoice) => invoice.wallet?.cryptocurrency, { width: 15 }),
  column('wallet_address', 'text', (invoice) => invoice.wallet?.address, { width: ADDRESS_WIDTH }),
];
