export {
  createInvoicingClient,
  type InvoicingClient,
  type InvoicingClientHooks,
  type InvoicingClientOptions,
} from './client';
export {
  InvoicingAnswerTooLargeError,
  InvoicingApiError,
  InvoicingAuthenticationError,
  InvoicingListOrderError,
  InvoicingNetworkError,
  InvoicingParameterError,
  InvoicingProtocolError,
  InvoicingRateLimitError,
  InvoicingServerError,
  InvoicingTimeoutError,
  InvoicingValidationError,
} from './errors';
export { IdSet } from './id-set';
export { redactSecret } from './redact-secret';
export {
  type DecimalString,
  INVOICE_STATUSES,
  type Invoice,
  type InvoiceFilter,
  type InvoiceItem,
  type InvoiceStatistics,
  type InvoiceStatus,
  invoiceStatusSchema,
  PAYMENT_SEARCH_GRACE_MS,
  PAYMENT_SEARCH_GRACE_SECONDS,
  type PaymentFilter,
  type PaymentItem,
  type StatisticsFilter,
  serviceDateSchema,
  serviceDatetimeSchema,
  uuidSchema,
  type Wallet,
} from './schemas';
export { fiatFractionDigits } from './service-json';
