/** What the client reads of an answer's headers; a WHATWG `Headers` is one. */
export interface HeaderReader {
  /** The header's value, or `null` when the answer has none. */
  get(name: string): string | null;
}

/** One POST as a transport sends it. */
export interface TransportRequest {
  url: string;
  headers: Record<string, string>;
  body: Uint8Array;
  /** Aborts the request and the reading of its body. */
  signal: AbortSignal;
}

/** An answer whose headers have arrived and whose body has not been read yet. */
export interface TransportAnswer {
  status: number;
  headers: HeaderReader;
  /** The body's bytes as they arrive, any content coding undone. */
  body: AsyncIterable<Uint8Array>;
  /** Stops reading and drops the connection, for an answer refused before its end. */
  discard(): void;
}

/**
 * Sends one request and resolves once the answer's headers are in; rejects when no answer comes
 * (connection refused or dropped, `signal` aborted). Follows no redirect: one would replay the form, and
 * the key, elsewhere.
 */
export type Transport = (request: TransportRequest) => Promise<TransportAnswer>;
