import {
  type InvoicingApiError,
  InvoicingAuthenticationError,
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

/**
 * What to tell a caller when the invoicing service failed: what failed and where (the endpoint's
 * path), composed here rather than copied from the client's message so that no body excerpt, URL or
 * key can reach the answer. Kept apart from the report command's `describeFailure` on purpose: an HTTP
 * answer goes to whoever holds a credential, not to the owner of the service's URL and key.
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
    const first = error.issues[0];
    return `the invoicing service answered data that does not match its interface${where(error)}${first ? ` (${first})` : ''}`;
  }
  if (error instanceof InvoicingProtocolError) {
    return `the invoicing service answered something unexpected${where(error)}${status(error)}${requestId(error)}`;
  }
  return `the invoicing service failed${where(error)}`;
}
