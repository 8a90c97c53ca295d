import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createSandboxApp } from './app';
import { resolveSandboxOptions, type SandboxOptions } from './options';

export interface SandboxServerOptions extends SandboxOptions {
  /** 0 picks a free port. @default 0 */
  port?: number;
  /** @default '127.0.0.1' */
  host?: string;
}

export interface RunningSandbox {
  /** `http://127.0.0.1:PORT`, no trailing slash. */
  url: string;
  apiKey: string;
  /** Stops listening and ends open connections. */
  close(): Promise<void>;
}

/**
 * Serves the sandbox over HTTP. Rejects when the port cannot be had (the error keeps Node's `code`,
 * such as `EADDRINUSE`).
 * @example const sandbox = await startSandbox(); // ... fetch(`${sandbox.url}/invoices/list`, ...)
 *   await sandbox.close();
 */
export async function startSandbox(options: SandboxServerOptions = {}): Promise<RunningSandbox> {
  const { port = 0, host = '127.0.0.1', ...sandboxOptions } = options;
  const settings = resolveSandboxOptions(sandboxOptions);
  const app = createSandboxApp(settings);
  const server = await new Promise<Server>((resolve, reject) => {
    const created = serve({ fetch: app.fetch, port, hostname: host }, () =>
      resolve(created as Server),
    ) as Server;
    created.once('error', reject);
  });
  const { port: actualPort } = server.address() as AddressInfo;
  const urlHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${urlHost}:${actualPort}`,
    apiKey: settings.apiKey,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // Keep-alive connections (fetch keeps them) would hold `close` open until they time out.
        server.closeAllConnections();
      }),
  };
}
