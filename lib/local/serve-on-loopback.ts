import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { LOOPBACK_HOST } from './port-probe';

/** Anything with Hono's `fetch`. */
export interface FetchApp {
  fetch(request: Request, ...rest: never[]): Response | Promise<Response>;
}

/** An HTTP server of the local stack. */
export interface LoopbackServer {
  /** `http://127.0.0.1:PORT`, with the real port when 0 was asked for; no trailing slash. */
  url: string;
  port: number;
  /** Stops listening and ends open connections. */
  close(): Promise<void>;
}

/**
 * Serves an app on 127.0.0.1 with `@hono/node-server`, the way the report API runs locally. The app is
 * made by `createApp` once the server listens, from the server's own URL: the report API puts that URL
 * in its links, and with port 0 it is known only then.
 * @throws the listen error (its `code` kept, such as `EADDRINUSE`)
 */
export async function serveOnLoopback(
  port: number,
  createApp: (url: string) => FetchApp,
): Promise<LoopbackServer> {
  let app: FetchApp | undefined;
  const server = await new Promise<Server>((resolve, reject) => {
    const created = serve(
      {
        // Requests are read in later turns of the event loop than the one that sets `app`; the 503 is
        // only a guard.
        fetch: (request) => app?.fetch(request) ?? new Response('starting', { status: 503 }),
        port,
        hostname: LOOPBACK_HOST,
      },
      () => {
        created.off('error', reject);
        resolve(created);
      },
    ) as Server;
    created.once('error', reject);
  });
  const actualPort = (server.address() as AddressInfo).port;
  const url = `http://${LOOPBACK_HOST}:${actualPort}`;
  const close = () =>
    new Promise<void>((resolve, reject) => {
      server.close((error) => (error ? reject(error) : resolve()));
      // Keep-alive connections (browsers, fetch) would hold `close` open until they time out.
      server.closeAllConnections();
    });
  try {
    app = createApp(url);
  } catch (error) {
    await close();
    throw error;
  }
  return { url, port: actualPort, close };
}
