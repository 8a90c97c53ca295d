/**
 * The sandbox in a process of its own for the benchmark, so that its memory and CPU are not the CLI's.
 * Beside serving, it counts what it serves: for each list walk (an endpoint and its filter) the
 * records it holds, and every request. It warms the month's lists before it listens, so that the timed
 * run measures the CLI against a service whose data is ready, as a real one's is.
 *
 * Reads its settings as JSON from `BENCH_SANDBOX`; prints `ready <json>` when listening; answers a
 * line `counts` on stdin with `counts <json>`.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createInterface } from 'node:readline';
import { serve } from '@hono/node-server';
import { fetchRanges } from '../lib/report/collect-ranges';
import { reportPeriod } from '../lib/report/period';
import { createSandboxApp } from '../lib/sandbox';

export interface BenchSandboxSettings {
  paidPerMonth: number;
  latencyMs: number;
  maxLimit: number;
  seed: number;
  /** The month the CLI will be asked for, in UTC: its lists are warmed before listening. */
  month: string;
}

export interface BenchSandboxReady {
  url: string;
  apiKey: string;
}

/** A list walk: one endpoint asked with one filter, page after page. */
export interface WalkCount {
  endpoint: string;
  filter: string;
  /** Records in the whole list: the largest `offset + records answered` of a non-empty page. */
  records: number;
  /** Requests answered for this walk. */
  requests: number;
}

export interface BenchSandboxCounts {
  walks: WalkCount[];
  statisticsRequests: number;
  failedRequests: number;
}

const API_KEY = 'bench-key';
const settings = JSON.parse(process.env.BENCH_SANDBOX ?? '') as BenchSandboxSettings;
const app = createSandboxApp({
  apiKey: API_KEY,
  seed: settings.seed,
  latencyMs: settings.latencyMs,
  maxLimit: settings.maxLimit,
  paidPerMonth: settings.paidPerMonth,
});

const walks = new Map<string, WalkCount>();
const counts = { statisticsRequests: 0, failedRequests: 0 };

/** Counts one answered request; runs after the answer is sent, off the request's path. */
async function count(request: Request, response: Response): Promise<void> {
  const endpoint = new URL(request.url).pathname;
  if (!response.ok) {
    counts.failedRequests += 1;
    return;
  }
  if (endpoint === '/statistics/invoices') {
    counts.statisticsRequests += 1;
    return;
  }
  const form = await request.formData();
  const offset = Number(form.get('offset') ?? 0);
  form.delete('offset');
  form.delete('limit');
  const filter = JSON.stringify([...form.entries()].sort());
  const { data } = (await response.json()) as { data: unknown[] };
  const key = `${endpoint} ${filter}`;
  const walk = walks.get(key) ?? { endpoint, filter, records: 0, requests: 0 };
  // Pages asked for past the end come back empty: they say nothing about where the list ends.
  if (data.length > 0) walk.records = Math.max(walk.records, offset + data.length);
  walk.requests += 1;
  walks.set(key, walk);
}

/** Asks for the first page of every list the report reads, so that the month is generated and cached. */
async function warm(): Promise<void> {
  const ranges = fetchRanges(reportPeriod(settings.month, 'UTC'));
  const ask = (path: string, fields: Record<string, string>) => {
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) body.set(name, value);
    return app.request(path, { method: 'POST', body, headers: { Authorization: `Token ${API_KEY}` } });
  };
  await Promise.all([
    ask('/statistics/invoices', { ...ranges.statistics }),
    ask('/invoices/list', { ...ranges.invoices, limit: '1' }),
    ask('/payments/list', { ...ranges.payments, limit: '1' }),
    ask('/invoices/list', { ...ranges.previousMonthInvoices, status: 'paid', limit: '1' }),
  ]);
}

await warm();
const server = await new Promise<Server>((resolve) => {
  const created = serve(
    {
      hostname: '127.0.0.1',
      port: 0,
      fetch: async (request: Request) => {
        const probe = request.clone();
        const response = await app.fetch(request);
        const copy = response.clone();
        setImmediate(() => void count(probe, copy));
        return response;
      },
    },
    () => resolve(created as Server),
  ) as Server;
});

const ready: BenchSandboxReady = {
  url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
  apiKey: API_KEY,
};
process.stdout.write(`ready ${JSON.stringify(ready)}\n`);

createInterface({ input: process.stdin }).on('line', (line) => {
  if (line.trim() !== 'counts') return;
  const answer: BenchSandboxCounts = { walks: [...walks.values()], ...counts };
  process.stdout.write(`counts ${JSON.stringify(answer)}\n`);
});
process.stdin.on('end', () => {
  server.closeAllConnections();
  server.close();
  process.exit(0);
});
