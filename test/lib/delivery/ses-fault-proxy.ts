import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * What the proxy does with a `SendRawEmail` request:
 * - `pass`: hands it to the SES emulator and relays its answer;
 * - `reset-after-acceptance`: hands it on, waits until the emulator has accepted (stored) the message,
 *   then resets the connection instead of answering;
 * - `silent-after-acceptance`: hands it on and never answers (the client's timeout fires);
 * - `error-after-acceptance`: hands it on, then answers 500 `InternalFailure` in SES's error format;
 * - `refuse`: answers 400 `MessageRejected` in SES's error format, and the emulator never sees it.
 */
export type SesFault =
  | 'pass'
  | 'reset-after-acceptance'
  | 'silent-after-acceptance'
  | 'error-after-acceptance'
  | 'refuse';

/** Headers of one connection, which the proxy's own request to the emulator sets for itself. */
const HOP_BY_HOP = new Set(['host', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

/** A loopback proxy in front of the SES emulator that loses or replaces its answers on demand. */
export interface SesFaultProxy {
  endpoint: string;
  /** What the next requests meet. */
  fault: SesFault;
  /**
   * Resolves once every request handed on so far has reached the emulator and been answered by it: a
   * client that stopped waiting (its timeout) does not mean the emulator has the message yet.
   */
  settled(): Promise<void>;
  close(): Promise<void>;
}

/** An error answer as SES's query API writes it (https://docs.aws.amazon.com/ses/latest/APIReference/CommonErrors.html). */
function sesErrorXml(type: 'Sender' | 'Receiver', code: string, message: string): string {
  return (
    '<ErrorResponse xmlns="http://ses.amazonaws.com/doc/2010-12-01/">' +
    `<Error><Type>${type}</Type><Code>${code}</Code><Message>${message}</Message></Error>` +
    '<RequestId>3c1f7a2e-0000-4000-8000-fault-proxy</RequestId></ErrorResponse>'
  );
}

function answerXml(response: ServerResponse, status: number, body: string): void {
  response.writeHead(status, { 'content-type': 'text/xml' });
  response.end(body);
}

async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Starts the proxy on 127.0.0.1 (a free port) in front of the SES emulator at `target`. */
export async function startSesFaultProxy(target: string): Promise<SesFaultProxy> {
  const proxy: { fault: SesFault } = { fault: 'pass' };
  const handling = new Set<Promise<void>>();
  const server = createServer((request, response) => {
    const handled = handle(request, response);
    handling.add(handled);
    void handled.finally(() => handling.delete(handled));
  });
  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const fault = proxy.fault;
    const body = await bodyOf(request);
    if (fault === 'refuse') {
      answerXml(response, 400, sesErrorXml('Sender', 'MessageRejected', 'Email address is not verified.'));
      return;
    }
    const headers = Object.fromEntries(
      Object.entries(request.headers).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string' && !HOP_BY_HOP.has(entry[0]),
      ),
    );
    const answer = await fetch(`${target}${request.url}`, { method: request.method, headers, body });
    const text = await answer.text();
    if (fault === 'pass') answerXml(response, answer.status, text);
    else if (fault === 'reset-after-acceptance') request.socket.destroy();
    else if (fault === 'error-after-acceptance') {
      answerXml(response, 500, sesErrorXml('Receiver', 'InternalFailure', 'An internal failure occurred.'));
    }
    // silent-after-acceptance: no answer at all.
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    get fault() {
      return proxy.fault;
    },
    set fault(value: SesFault) {
      proxy.fault = value;
    },
    settled: async () => {
      await Promise.allSettled([...handling]);
    },
    close: () =>
      new Promise((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
