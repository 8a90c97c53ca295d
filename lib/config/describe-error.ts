/**
 * The common core of every place that puts an error into words: a log line (`lib/pipeline/logger.ts`), the local
 * stack's terminal lines, a secret that cannot be read, a request that failed. The words a user reads
 * (the report command's failure line, the report API's answer) are composed by their own describers on
 * top of these, because they choose what to leave out (class names, URLs, the service's text).
 */

/** An error's name and message; for a thrown value that is not an `Error`, its type and its text. */
export function errorParts(error: unknown): { name: string; message: string } {
  if (error instanceof Error) return { name: error.name, message: error.message };
  return { name: typeof error, message: String(error) };
}

/**
 * One line for a log or a terminal: `Name: message`, cut at the message's first line break (a
 * library's message may go on with a dump of the request). A value that is not an `Error` gives its text.
 * @example describeError(new TypeError('fetch failed')) // 'TypeError: fetch failed'
 */
export function describeError(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.split('\n')[0]!;
}

/**
 * The error that `error` wraps, one level down, where the reason lives (the SDK's error inside
 * Powertools', the socket's inside `fetch`'s "fetch failed"); `error` itself when it wraps none.
 */
export function wrappedError(error: unknown): unknown {
  return error instanceof Error && error.cause instanceof Error ? error.cause : error;
}
