import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ConfigError } from '../config';
import { SecretError, SigningKeyError } from '../delivery';
import { InvoicingApiError, InvoicingAuthenticationError, InvoicingParameterError } from '../invoicing';
import { ReportRequestError } from '../period';
import { errorAttributes } from '../pipeline';
import { ReportApiError } from './api-error';
import { describeInvoicingFailure } from './invoicing-failure';
import type { Refusal } from './refusal';
import type { ReportApiLogger } from './report-api-options';

const CONFIGURATION_MESSAGE =
  'the report API is not configured correctly; its operator will find the details in its log';

/** What to answer for an error: a caller's mistake as is, anything of the operator's in general words. */
function refusalFor(error: unknown): Refusal {
  if (error instanceof ReportApiError) {
    return { status: error.status, code: error.code, message: error.message, headers: error.headers };
  }
  if (error instanceof ReportRequestError) {
    return { status: 400, code: 'invalid_request', message: error.message };
  }
  // Raised before anything is sent: the account's key or the client settings are unusable, which
  // is the deployment's fault, not the service's.
  if (error instanceof InvoicingParameterError) {
    return { status: 500, code: 'configuration_error', message: CONFIGURATION_MESSAGE };
  }
  if (error instanceof InvoicingAuthenticationError) {
    return { status: 502, code: 'invoicing_authentication_failed', message: describeInvoicingFailure(error) };
  }
  if (error instanceof InvoicingApiError) {
    return { status: 502, code: 'invoicing_failed', message: describeInvoicingFailure(error) };
  }
  if (error instanceof SecretError || error instanceof ConfigError || error instanceof SigningKeyError) {
    return { status: 500, code: 'configuration_error', message: CONFIGURATION_MESSAGE };
  }
  return { status: 500, code: 'internal_error', message: 'internal error' };
}

/**
 * The report API's `onError`: every failure becomes a refusal with the status DESIGN.md gives it (a page
 * for a browser, `{"error":{"code","message"}}` for a program, see `refusalResponse`), never a stack
 * trace or a secret. Failures that are not the caller's (5xx) are logged: the error's name and message
 * (which name a secret or an endpoint, never a value), and for an unexpected error its stack, since
 * nothing else logs an error the app has caught. The line carries the path but not the query, which may
 * hold a link's signature.
 */
export function errorResponse(
  error: Error,
  c: Context,
  logger: ReportApiLogger,
  refuse: (c: Context, refusal: Refusal) => Response,
): Response {
  // Hono's own refusals (the bearer-auth middleware's) come with their answer made.
  if (error instanceof HTTPException) {
    if (error.res) return error.getResponse();
    const status = error.status as ContentfulStatusCode;
    if (status >= 500) return refuse(c, { status, code: 'internal_error', message: 'internal error' });
    return refuse(c, {
      status,
      code: 'invalid_request',
      message: error.message || 'the request cannot be answered',
    });
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
