/**
 * The body of every failure, a shape the spec leaves open:
 * `{"result":"error","error":{"code":"invalid_parameter","message":"..."}}`. `result` is what a
 * client checks first (anything but `success` is a failure); `code` is stable, `message` is for people.
 */
export interface ErrorBody {
  result: 'error';
  error: { code: ErrorCode; message: string };
}

export type ErrorCode =
  | 'invalid_parameter'
  | 'unsupported_media_type'
  | 'unauthorized'
  | 'rate_limited'
  | 'unavailable'
  | 'not_found'
  | 'method_not_allowed'
  | 'internal_error';

export function errorBody(code: ErrorCode, message: string): ErrorBody {
  return { result: 'error', error: { code, message } };
}

/** A request the sandbox refuses, answered with `status` and an error body. */
export class SandboxRequestError extends Error {
  override readonly name = 'SandboxRequestError';

  constructor(
    readonly status: 400 | 415,
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
  }
}
