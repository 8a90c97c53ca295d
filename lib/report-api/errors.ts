import type { Context } from 'hono';
import { accepts } from 'hono/accepts';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ConfigError } from '../config';
import { SecretError, SigningKeyError } from '../delivery';
import { InvoicingApiError, InvoicingAuthenticationError, InvoicingParameterError } from '../invoicing';
import { ReportRequestError } from '../period';
import { errorAttributes } from '../pipeline';
import type { ReportApiEnv } from './access';
import { type ErrorPageContext, type ReportApiErrorCode, renderErrorPage } from './pages';
import type { ReportApiLogger } from './report-api-options';

/** A refusal, answered as is (so its message never holds a secret); `headers` such as `Retry-After`. */
export class ReportApiError extends Error {
  override readonly name = 'ReportApiError';

  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: ReportApiErrorCode,
    message: string,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
  }
}

/** Whether a browser asks (`Accept` lists `text/html` first); an API client sends JSON, any type or none. */
export function wantsHtml(c: Context): boolean {
  const supports = ['application/json', 'text/html'];
  return accepts(c, { header: 'Accept', supports, default: 'application/json' }) === 'text/html';
}

/** A refusal as a page for a browser or `{"error":{"code","message"}}` for a program; same status and headers. */
export function refusalResponse(
  c: Context<ReportApiEnv>,
  { status, code, message, headers }: ReportApiError,
  { linkLifetimeDays, rebuildIntervalSeconds }: ErrorPageContext,
): Response {
  if (!wantsHtml(c)) return c.json({ error: { code, message } }, status, { ...headers });
  const retryAfter = Number(headers['Retry-After']);
  const html = renderErrorPage(
    { status, code, message },
    {
      linkLifetimeDays,
      rebuildIntervalSeconds,
      // The one form of the API posts to the list of reports.
      fromForm: c.req.method === 'POST',
      retryAfterSeconds: Number.isInteger(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
      backTo: c.get('backTo'),
    },
  );
  return c.html(html, status, { ...headers });
}

/**
 * The invoicing service's failure in the product's words, from what the client knows (endpoint, status, a
 * limit, a request id): never the service's text, URL or key. Apart from the report command's
 * `describeFailure` on purpose: an HTTP answer goes to any holder of a credential, not to the URL's owner.
 */
export function describeInvoicingFailure(error: InvoicingApiError): string {
  const on = error.endpoint ? ` on ${error.endpoint}` : '';
  const status = error.status === undefined ? '' : ` (HTTP ${error.status})`;
  const id = error.requestId ? `; its request id was ${error.requestId}` : '';
  const { timeoutMs, maxBytes = 0 } = error as { timeoutMs?: number; maxBytes?: number };
  // By the error's class (each sets its `name`); any other says only that it failed.
  const words: Record<string, string> = {
    InvoicingAuthenticationError: `refused the account's API key${status}`,
    InvoicingRateLimitError: `kept rate limiting requests${on}; try again later`,
    InvoicingServerError: `failed${on}${status}${id}`,
    InvoicingTimeoutError: `did not answer${on} within ${timeoutMs} ms`,
    InvoicingNetworkError: `could not be reached${on}`,
    InvoicingValidationError: `answered data that does not match its interface${on}${id}`,
    InvoicingAnswerTooLargeError: `answered more than the ${Number((maxBytes / (1024 * 1024)).toFixed(2))} MiB read at once${on}${id}`,
    InvoicingListOrderError: `listed records in a different order at each request${on}, so the list could not be read whole; try again later`,
    InvoicingProtocolError: `answered something unexpected${on}${status}${id}`,
  };
  return `the invoicing service ${words[error.name] ?? `failed${on}`}`;
}

const CONFIGURATION_MESSAGE =
  'the report API is not configured correctly; its operator will find the details in its log';

/** What to answer for an error: a caller's mistake as is, anything of the operator's in general words. */
function refusalFor(error: unknown): ReportApiError {
  if (error instanceof ReportApiError) return error;
  if (error instanceof ReportRequestError) {
    return new ReportApiError(400, 'invalid_request', error.message);
  }
  // An InvoicingParameterError is raised before anything is sent: the account's key or the client's
  // settings are the deployment's fault, not the service's.
  const configuration = [InvoicingParameterError, SecretError, ConfigError, SigningKeyError];
  if (configuration.some((type) => error instanceof type)) {
    return new ReportApiError(500, 'configuration_error', CONFIGURATION_MESSAGE);
  }
  if (error instanceof InvoicingApiError) {
    const code =
      error instanceof InvoicingAuthenticationError ? 'invoicing_authentication_failed' : 'invoicing_failed';
    return new ReportApiError(502, code, describeInvoicingFailure(error));
  }
  return new ReportApiError(500, 'internal_error', 'internal error');
}

/**
 * The app's `onError`: every failure becomes a refusal, never a stack trace or a secret. A 5xx is logged
 * with the error's name and message (naming a secret or endpoint, never a value), an unexpected one's
 * stack, and the path without the query, which may hold a link's signature.
 */
export function errorResponse(
  error: Error,
  c: Context,
  logger: ReportApiLogger,
  refuse: (c: Context, refusal: ReportApiError) => Response,
): Response {
  // Hono's own refusals (the bearer-auth middleware's) come with their answer made.
  if (error instanceof HTTPException) {
    if (error.res) return error.getResponse();
    const status = error.status as ContentfulStatusCode;
    if (status >= 500) return refuse(c, new ReportApiError(status, 'internal_error', 'internal error'));
    const message = error.message || 'the request cannot be answered';
    return refuse(c, new ReportApiError(status, 'invalid_request', message));
  }
  const refusal = refusalFor(error);
  if (refusal.status >= 500) {
    logger.error('report API request failed', {
      method: c.req.method,
      path: c.req.path,
      status: refusal.status,
      code: refusal.code,
      ...errorAttributes(error),
      ...(refusal.code === 'internal_error' ? { stack: error.stack } : {}),
    });
  }
  return refuse(c, refusal);
}
