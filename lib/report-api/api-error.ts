import type { ContentfulStatusCode } from 'hono/utils/http-status';

/**
 * The `code` of an error answer. One per thing a caller can act on:
 * - `invalid_request` (400): a malformed account, period, file name or query, a period before 2000 or
 *   after 9999, or one not begun yet
 * - `unauthorized` (401): no token, or not the right one
 * - `invalid_signature`, `link_expired` (403): a signed link that does not verify, or has run out
 * - `unknown_account`, `report_not_found`, `not_found` (404): an account the caller may not read is
 *   unknown to it
 * - `too_many_rebuilds` (429): the account's reports were rebuilt less than the limit's interval ago
 * - `invoicing_authentication_failed`, `invoicing_failed` (502): the invoicing service refused or failed
 * - `configuration_error`, `internal_error` (500): the operator's problem; details only in the log
 */
export type ReportApiErrorCode =
  | 'invalid_request'
  | 'unauthorized'
  | 'invalid_signature'
  | 'link_expired'
  | 'unknown_account'
  | 'report_not_found'
  | 'not_found'
  | 'method_not_allowed'
  | 'too_many_rebuilds'
  | 'invoicing_authentication_failed'
  | 'invoicing_failed'
  | 'configuration_error'
  | 'internal_error';

/** The body of every error answer. */
export interface ErrorBody {
  error: { code: ReportApiErrorCode; message: string };
}

/** `{"error":{"code","message"}}`. */
export function errorBody(code: ReportApiErrorCode, message: string): ErrorBody {
  return { error: { code, message } };
}

/**
 * A refusal the routes decide on themselves (bad input, unknown account, bad link). Its message is
 * meant for the caller and is answered as is; it never holds a token, key or signature.
 */
export class ReportApiError extends Error {
  override readonly name = 'ReportApiError';

  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: ReportApiErrorCode,
    message: string,
    /** Headers the answer carries, such as `Retry-After`. */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
  }
}
