/** An error's name and message; for a thrown value that is not an `Error`, its type and its text. */
export function errorParts(error: unknown): { name: string; message: string } {
  if (error instanceof Error) return { name: error.name, message: error.message };
  return { name: typeof error, message: String(error) };
}

/** `Name: message` up to the first line break (a library may go on with a dump of the request). */
export function describeError(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.split('\n')[0]!;
}

/** The error `error` wraps (the socket's inside `fetch`'s "fetch failed"), or `error` itself. */
export function wrappedError(error: unknown): unknown {
  return error instanceof Error && error.cause instanceof Error ? error.cause : error;
}
