/**
 * The benchmark's sandbox in a process of its own (its CPU and memory are not the CLI's), counting what
 * it serves, with the period's lists warmed before it listens, as a real service's data is ready.
 * Forked by `startBenchSandbox` with its settings in `BENCH_SANDBOX`: sends `BenchSandboxReady` once it
 * listens, answers each message with `BenchSandboxCounts`, and stops when the parent disconnects.
 */
import { once } from 'node:events';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { fetchRanges, reportPeriod } from '../lib/report';
import { createSandboxApp, type ServedPage } from '../lib/sandbox';

/** `period`: the one the CLI will be asked for, in UTC, whose lists are warmed first. */
export type BenchSandboxSettings = Record<'paidPerMonth' | 'latencyMs' | 'maxLimit' | 'seed', number> & {
  period: string;
};
export type BenchSandboxReady = { url: string; apiKey: string };

/** A list walk: one endpoint asked with one filter, page after page. */
export interface WalkCount {
  endpoint: string;
  filter: string;
  /** Records in the whole list: the largest `offset + records answered` of a non-empty page. */
  records: number;
}

export interface BenchSandboxCounts {
  walks: WalkCount[];
  statisticsRequests: number;
  /** CPU the sandbox's process has used since it started, in milliseconds. */
  cpuMs: number;
}

const API_KEY = 'bench-key';
const settings = JSON.parse(process.env.BENCH_SANDBOX ?? '') as BenchSandboxSettings;
const walks = new Map<string, WalkCount>();
const counts = { statisticsRequests: 0 };

/** Counts a list page as the sandbox says it served it: reading every answer again would double its CPU. */
function countPage({ endpoint, filter, offset, records }: ServedPage): void {
  const set = Object.entries(filter).filter(([, value]) => value !== undefined);
  const key = `${endpoint} ${JSON.stringify(set.sort())}`;
  const walk = walks.get(key) ?? { endpoint, filter: JSON.stringify(Object.fromEntries(set)), records: 0 };
  // Pages asked for past the end come back empty: they say nothing about where the list ends.
  if (records > 0) walk.records = Math.max(walk.records, offset + records);
  walks.set(key, walk);
}

const { period, ...numbers } = settings;
const app = createSandboxApp({ ...numbers, apiKey: API_KEY, onPageServed: countPage });

// The first page of every list the report reads, so that the period is generated and cached; those
// pages are not the CLI's.
const ranges = fetchRanges(reportPeriod(period, 'UTC', new Date()));
const ask = (path: string, fields: Record<string, string>) => {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  return app.request(path, { method: 'POST', body, headers: { Authorization: `Token ${API_KEY}` } });
};
await Promise.all([
  ask('/statistics/invoices', { ...ranges.window }),
  ask('/invoices/list', { ...ranges.window, limit: '1' }),
  ask('/payments/list', { ...ranges.payments, limit: '1' }),
  ask('/invoices/list', { ...ranges.previousInvoices, status: 'paid', limit: '1' }),
]);
walks.clear();
const server = serve({
  hostname: '127.0.0.1',
  port: 0,
  fetch: async (request: Request) => {
    const response = await app.fetch(request);
    if (response.ok && new URL(request.url).pathname === '/statistics/invoices')
      counts.statisticsRequests += 1;
    return response;
  },
}) as Server;
await once(server, 'listening');

process.send!({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, apiKey: API_KEY });
process.on('message', () => {
  const { user, system } = process.cpuUsage();
  const answer: BenchSandboxCounts = { walks: [...walks.values()], ...counts, cpuMs: (user + system) / 1000 };
  process.send!(answer);
});
process.on('disconnect', () => {
  server.closeAllConnections();
  server.close();
  process.exit(0);
});
