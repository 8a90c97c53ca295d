import { redirectTargetOf, requestIdOf } from './answer-headers';
import { bodyExcerpt } from './body-excerpt';
import { parseRetryAfter } from './retry-after';
import type { HeaderReader } from './transport';

/** What an error knows about the call that failed. Never the API key. */
export interface InvoicingErrorDetails {
  /** The endpoint's path, e.g. `/invoices/list`. */
  endpoint?: string;
  /** The HTTP status, when the service answered. */
  status?: number;
  /** At most ~200 characters of the answer, whitespace collapsed, the API key redacted in every form. */
  bodyExcerpt?: string | undefined;
  /** The service's request id (`X-Request-Id`), when it sent one that reads as an id. */
  requestId?: string | undefined;
  cause?: unknown;
}

/**
 * Base of every error the invoicing client throws. Check the subclass to decide what to do:
 * `InvoicingAuthenticationError` means the API key is wrong, the others are the service's or the
 * network's fault (or the caller's, for `InvoicingParameterError`).
 */
export class InvoicingApiError extends Error {
  override readonly name: string = 'InvoicingApiError';
  readonly endpoint: string | undefined;
  readonly status: number | undefined;
  readonly bodyExcerpt: string | undefined;
  readonly requestId: string | undefined;

  constructor(message: string, details: InvoicingErrorDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.endpoint = details.endpoint;
    this.status = details.status;
    this.bodyExcerpt = details.bodyExcerpt;
    this.requestId = details.requestId;
  }
}

/** The service refused the API key (HTTP 401 or 403). Not retried. */
export class InvoicingAuthenticationError extends InvoicingApiError {
  override readonly name = 'InvoicingAuthenticationError';
}

/** The service asked to slow down (HTTP 429). Retried unless it asks to wait longer than allowed. */
export class InvoicingRateLimitError extends InvoicingApiError {
  override readonly name = 'InvoicingRateLimitError';
  /** The wait the service asked for (`Retry-After`), in milliseconds. */
  readonly retryAfterMs: number | undefined;
  /** When the service said to try again. */
  readonly retryAt: Date | undefined;

  constructor(
    message: string,
    details: InvoicingErrorDetails & { retryAfterMs?: number; now?: number } = {},
  ) {
    super(message, details);
    this.retryAfterMs = details.retryAfterMs;
    this.retryAt =
      details.retryAfterMs === undefined
        ? undefined
        : new Date((details.now ?? Date.now()) + details.retryAfterMs);
  }
}

/** The service failed (HTTP 5xx). Retried. */
export class InvoicingServerError extends InvoicingApiError {
  override readonly name = 'InvoicingServerError';
  /** The wait the service asked for (`Retry-After`, common with 503), in milliseconds. */
  readonly retryAfterMs: number | undefined;

  constructor(message: string, details: InvoicingErrorDetails & { retryAfterMs?: number } = {}) {
    super(message, details);
    this.retryAfterMs = details.retryAfterMs;
  }
}

/**
 * The service answered something that is not its protocol: not HTTP, a body its content coding does not
 * decode, not JSON, JSON nested too deeply to read, `result` other than `success`, an unexpected HTTP
 * status, a `Retry-After` beyond any date, or a list walk that cannot end (a page of nothing new, too many
 * pages). Not retried.
 */
export class InvoicingProtocolError extends InvoicingApiError {
  override readonly name: string = 'InvoicingProtocolError';
}

/**
 * A list came in a different order at each reading: after the walk's last reading it still brought
 * records no earlier one had, so others may be missing. Not retried by the client (a later walk may
 * find the list settled).
 */
export class InvoicingListOrderError extends InvoicingProtocolError {
  override readonly name = 'InvoicingListOrderError';
}

/**
 * A successful answer's body was longer than the client's `maxAnswerBytes`: it was refused as soon as
 * that many bytes had come (or at once, when its `Content-Length` said so) and the connection dropped.
 * Not retried.
 */
export class InvoicingAnswerTooLargeError extends InvoicingProtocolError {
  override readonly name = 'InvoicingAnswerTooLargeError';
  /** The limit the answer went past, in bytes. */
  readonly maxBytes: number;

  constructor(message: string, details: InvoicingErrorDetails & { maxBytes: number }) {
    super(message, details);
    this.maxBytes = details.maxBytes;
  }
}

/** The answer was the success envelope, but its `data` does not match the schema. Not retried. */
export class InvoicingValidationError extends InvoicingApiError {
  override readonly name = 'InvoicingValidationError';
  /** Each mismatch as `path: problem`, e.g. `data[3].payment.amount: expected a number`. */
  readonly issues: readonly string[];

  constructor(message: string, details: InvoicingErrorDetails & { issues: readonly string[] }) {
    super(message, details);
    this.issues = details.issues;
  }
}

/** The request never got an answer: connection refused or dropped, DNS failure. Retried. */
export class InvoicingNetworkError extends InvoicingApiError {
  override readonly name = 'InvoicingNetworkError';
}

/** No complete answer within `timeoutMs` (headers and body). Retried. */
export class InvoicingTimeoutError extends InvoicingApiError {
  override readonly name = 'InvoicingTimeoutError';
  readonly timeoutMs: number;

  constructor(message: string, details: InvoicingErrorDetails & { timeoutMs: number }) {
    super(message, details);
    this.timeoutMs = details.timeoutMs;
  }
}

/** Bad parameters or options, rejected before anything was sent. */
export class InvoicingParameterError extends InvoicingApiError {
  override readonly name = 'InvoicingParameterError';
  /** Each problem as `field: problem`, e.g. `startDate: expected a date "Y-m-d" that exists`. */
  readonly issues: readonly string[];

  constructor(message: string, details: InvoicingErrorDetails & { issues: readonly string[] }) {
    super(message, details);
    this.issues = details.issues;
  }
}

/** A failed answer, as the factory needs it. */
export interface FailedResponse {
  endpoint: string;
  status: number;
  headers: HeaderReader;
  /** The body; absent when it was too long to read for an excerpt. */
  body?: string | undefined;
  /** Redacted from the excerpt, in case the service echoes it. */
  apiKey?: string;
  /** Clock for an HTTP-date `Retry-After`. @default Date.now() */
  now?: number;
}

/**
 * Picks the error for an answer that is not HTTP 2xx: 401/403 authentication, 429 rate limited,
 * 5xx server, anything else (a redirect, which says where it leads, 400, 404) protocol. A 429 or 5xx
 * whose `Retry-After` lies beyond any date is a protocol error: there is no time to come back at.
 */
export function errorFromResponse(response: FailedResponse): InvoicingApiError {
  const { endpoint, status, headers } = response;
  const now = response.now ?? Date.now();
  const excerpt = response.body === undefined ? undefined : bodyExcerpt(response.body, response.apiKey);
  const details: InvoicingErrorDetails = {
    endpoint,
    status,
    bodyExcerpt: excerpt,
    requestId: requestIdOf(headers, response.apiKey),
  };
  const answered = excerpt ? `: ${excerpt}` : '';

  if (status === 401 || status === 403) {
    return new InvoicingAuthenticationError(
      `The invoicing service refused the API key (HTTP ${status} from ${endpoint})${answered}`,
      details,
    );
  }
  const retryable = status === 429 || (status >= 500 && status <= 599);
  const retryAfterMs = retryable ? parseRetryAfter(headers.get('retry-after'), now) : undefined;
  if (retryAfterMs === Number.POSITIVE_INFINITY) {
    return new InvoicingProtocolError(
      `The invoicing service answered HTTP ${status} from ${endpoint} with a Retry-After too far ahead to be a date`,
      details,
    );
  }
  if (status === 429) {
    const when =
      retryAfterMs === undefined
        ? ''
        : `; it asks to try again in ${Math.ceil(retryAfterMs / 1000)} s, at ${new Date(now + retryAfterMs).toISOString()}`;
    return new InvoicingRateLimitError(
      `The invoicing service is rate limiting requests (HTTP 429 from ${endpoint})${when}`,
      { ...details, retryAfterMs, now },
    );
  }
  if (status >= 500 && status <= 599) {
    return new InvoicingServerError(
      `The invoicing service failed (HTTP ${status} from ${endpoint})${answered}`,
      {
        ...details,
        retryAfterMs,
      },
    );
  }
  if (status >= 300 && status <= 399 && headers.get('location') !== null) {
    return new InvoicingProtocolError(
      `The invoicing service redirected ${endpoint} (HTTP ${status}) to ${redirectTargetOf(headers, response.apiKey)}, not followed so that the API key goes nowhere else: if the service moved there, configure its new URL`,
      details,
    );
  }
  return new InvoicingProtocolError(
    `The invoicing service answered an unexpected HTTP ${status} from ${endpoint}${answered}`,
    details,
  );
}

/**
 * Whether an error is the service refusing the request itself (HTTP 400, 404, 416 or 422, or a successful
 * status whose answer is not `result: "success"`: the spec shows neither a failure's shape nor its
 * status), as a service may answer a `limit` above its largest or an offset past the end of a list. An
 * answer too large to take is no refusal.
 */
export function isRefusal(error: unknown): boolean {
  if (!(error instanceof InvoicingProtocolError) || error instanceof InvoicingAnswerTooLargeError)
    return false;
  const { status } = error;
  return status !== undefined && (REFUSAL_STATUSES.has(status) || (status >= 200 && status <= 299));
}

const REFUSAL_STATUSES: ReadonlySet<number> = new Set([400, 404, 416, 422]);
