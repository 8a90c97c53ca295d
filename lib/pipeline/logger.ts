import { Logger } from '@aws-lambda-powertools/logger';
import { errorParts } from '../config';

/** The `service` of every log line, as the stack also sets `POWERTOOLS_SERVICE_NAME`. */
export const SERVICE_NAME = 'invoice-reports';

/**
 * What the pipeline logs through: a message and structured attributes, one JSON line each. Powertools'
 * `Logger` is one; tests pass a recorder. Attributes carry names, months and figures, never a secret.
 */
export interface StructuredLogger {
  info(message: string, ...attributes: Record<string, unknown>[]): void;
  warn(message: string, ...attributes: Record<string, unknown>[]): void;
  error(message: string, ...attributes: Record<string, unknown>[]): void;
}

/**
 * The functions' logger: Powertools, JSON lines on stdout with level, timestamp and `service`, plus the
 * Lambda context (request id, cold start) once `addContext` is called. `POWERTOOLS_LOG_LEVEL` sets the level.
 */
export function createLogger(): Logger {
  return new Logger({ serviceName: SERVICE_NAME });
}

/** What a log line says about an error. */
export interface ErrorAttributes {
  name: string;
  message: string;
  /** The error it wraps, one level down (an SDK error inside a `SecretError`, say). */
  cause?: { name: string; message: string };
}

/**
 * An error's name and message (and its cause's), for a log line. Not the whole object: the project's
 * errors keep secrets out of their messages, but an SDK error's other members (request metadata, a
 * response body) are not this code's to vouch for. The stack is left out too: Lambda logs a thrown
 * error with its stack on its own.
 */
export function errorAttributes(error: unknown): { error: ErrorAttributes } {
  const described: ErrorAttributes = errorParts(error);
  if (error instanceof Error && error.cause !== undefined) described.cause = errorParts(error.cause);
  return { error: described };
}
