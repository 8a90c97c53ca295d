import {
  InvoicingAnswerTooLargeError,
  type InvoicingApiError,
  InvoicingAuthenticationError,
  InvoicingListOrderError,
  InvoicingNetworkError,
  InvoicingProtocolError,
  InvoicingRateLimitError,
  InvoicingServerError,
  InvoicingTimeoutError,
  InvoicingValidationError,
} from '../invoicing';

function where(error: InvoicingApiError): string {
  return error.endpoint ? ` on ${error.endpoint}` : '';
}

function status(error: InvoicingApiError): string {
  return error.status === undefined ? '' : ` (HTTP ${error.status})`;
}

function requestId(error: InvoicingApiError): string {
  return error.requestId ? `; its request id was ${error.requestId}` : '';
}

/** A byte limit in MiB, as the client's options are documented. */
function megabytes(bytes: number): string {
  return `${Number((bytes / (1024 * 1024)).toFixed(2))} MiB`;
}

/**
 * What to tell a caller when the invoicing service failed: what failed and where, in the product's own
 * words, from what the client knows for itself (the endpoint's path, the HTTP status, a limit) and the
 * service's request id, which the client keeps only when it reads as an id. Nothing else the service
 * sent (a body excerpt, a field it named, a header) and no URL or key reaches the answer.
 * Kept apart from the report command's `describeFailure` on purpose: an HTTP answer goes to whoever
 * holds a credential, not to the owner of the service's URL and key.
 */
export function describeInvoicingFailure(error: InvoicingApiError): string {
  if (error instanceof InvoicingAuthenticationError) {
    return `the invoicing service refused the account's API key${status(error)}`;
  }
  if (error instanceof InvoicingRateLimitError) {
    return `the invoicing service kept rate limiting requests${where(error)}; try again later`;
  }
  if (error instanceof InvoicingServerError) {
    return `the invoicing service failed${where(error)}${status(error)}${requestId(error)}`;
  }
  if (error instanceof InvoicingTimeoutError) {
    return `the invoicing service did not answer${where(error)} within ${error.timeoutMs} ms`;
  }
  if (error instanceof InvoicingNetworkError) {
    return `the invoicing service could not be reached${where(error)}`;
  }
  if (error instanceof InvoicingValidationError) {
    return `the invoicing service answered data that does not match its interface${where(error)}${requestId(error)}`;
  }
  if (error instanceof InvoicingAnswerTooLargeError) {
    return `the invoicing service answered more than the ${megabytes(error.maxBytes)} read at once${where(error)}${requestId(error)}`;
  }
  if (error instanceof InvoicingListOrderError) {
    return `the invoicing service listed records in a different order at each request${where(error)}, so the list could not be read whole; try again later`;
  }
  if (error instanceof InvoicingProtocolError) {
    return `the invoicing service answered something unexpected${where(error)}${status(error)}${requestId(error)}`;
  }
  return `the invoicing service failed${where(error)}`;
}
