import { errorParts, UsageError } from '../config';
import {
  InvoicingAuthenticationError,
  InvoicingNetworkError,
  InvoicingTimeoutError,
  redactSecret,
} from '../invoicing';
import { ReportRequestError } from '../period';
import { publicUrl } from '../report';

/** 0 written, 1 failed, 2 usage error (help goes to stdout, all else to stderr). */
export type ExitCode = 0 | 1 | 2;

/** What the failure message may mention (the URL without credentials, the period), and the key it hides. */
export interface FailureContext {
  apiUrl?: string;
  apiKey?: string;
  /** Where the key came from, for the message about a refused key. */
  apiKeyFrom?: '--api-key' | 'INVOICING_API_KEY';
  period?: string;
  /** The person stopped the report (Ctrl-C, or a signal to end): nothing more is fetched or written. */
  interrupted?: boolean;
}

/** What to do about a refused key, by where it came from (never the key itself). */
const REFUSED_KEY_ADVICE = {
  INVOICING_API_KEY:
    "the key comes from INVOICING_API_KEY: set it to the account's API key (or pass one with --api-key)",
  '--api-key':
    "the key comes from --api-key: give the account's API key there (or set INVOICING_API_KEY and leave --api-key out)",
  unknown: "the key comes from --api-key, or else INVOICING_API_KEY: give the account's API key there",
} as const;

/** 2 for a request that cannot run as written (bad option, bad month), 1 for any other failure. */
export function exitCodeFor(error: unknown): ExitCode {
  return error instanceof UsageError || error instanceof ReportRequestError ? 2 : 1;
}

/** Longest message printed: a service that echoes a whole page must not flood the terminal. */
const MAX_MESSAGE_LENGTH = 400;

/**
 * One line for stderr saying what went wrong in words a merchant can act on; never the API key or a stack.
 * Apart from the report API's `describeInvoicingFailure` on purpose: the reader owns the key and the URL,
 * so it names the URL (credentials stripped) and may quote the service's message.
 */
export function describeFailure(error: unknown, context: FailureContext = {}): string {
  const where =
    context.apiUrl === undefined
      ? 'the invoicing service'
      : `the invoicing service at ${publicUrl(context.apiUrl) ?? 'the configured URL'}`;
  const { message } = errorParts(error);
  let line: string;
  if (context.interrupted) {
    const period = context.period === undefined ? '' : ` for ${context.period}`;
    line = `interrupted: no report was written${period} (an earlier one, if any, is left as it was)`;
  } else if (error instanceof UsageError || error instanceof ReportRequestError) {
    line = message;
  } else if (error instanceof InvoicingAuthenticationError) {
    const status = error.status ? ` (HTTP ${error.status})` : '';
    const advice = REFUSED_KEY_ADVICE[context.apiKeyFrom ?? 'unknown'];
    line = `authentication failed: ${where} refused the API key${status}; ${advice}`;
  } else if (error instanceof InvoicingNetworkError) {
    line = `could not reach ${where}${networkReason(error)}`;
  } else if (error instanceof InvoicingTimeoutError) {
    line = `${where} did not answer within ${error.timeoutMs / 1000} s (after retries)`;
  } else if (error instanceof Error && typeof (error as NodeJS.ErrnoException).syscall === 'string') {
    line = `could not write the report: ${message}`;
  } else {
    line = `the report failed: ${message}`;
  }
  return oneLine(redactSecret(line, context.apiKey));
}

/**
 * The first code in the error's chain of causes: the system's (`ECONNREFUSED`), undici's
 * (`UND_ERR_SOCKET`) or OpenSSL's for a refused certificate (`CERT_HAS_EXPIRED`, as behind a TLS proxy).
 */
function networkReason(error: Error): string {
  for (let cause: unknown = error; cause instanceof Error; cause = cause.cause) {
    const code = (cause as NodeJS.ErrnoException).code;
    if (typeof code === 'string' && /^[A-Z][A-Z0-9_]+$/.test(code)) return ` (${code})`;
  }
  return '';
}

function oneLine(text: string): string {
  const flat = text.replace(/\s*[\r\n]+\s*/g, ' ').trim();
  return flat.length > MAX_MESSAGE_LENGTH ? `${flat.slice(0, MAX_MESSAGE_LENGTH - 1)}…` : flat;
}
