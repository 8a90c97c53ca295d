/**
 * `npm run bench [-- --sizes 50000,300000 --latencies 40,0 --runs 2 --period month]`: the report CLI
 * (as `npm run report` runs it) against the sandbox, each in its own process, per size and latency, and
 * beside it the floor under its CPU: the same requests fetched and parsed, nothing else (`bare-fetch.mjs`).
 * docs/development.md explains the figures. `--cold-start` measures the Lambda bundles instead,
 * `--machinery` the speed machinery against the plain call.
 */
import { availableParallelism, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { errorParts } from '../lib/config';
import { defaultPeriod, type PeriodKind } from '../lib/period';
import { runColdStartBench } from './cold-start';
import { runMachineryBench } from './machinery';
import {
  type CliRun,
  count,
  mebibytes,
  pagesNeeded,
  prepareCli,
  runBareFetch,
  runCli,
  seconds,
  startBenchSandbox,
  table,
} from './processes';

const MAX_LIMIT = 100;
const CONCURRENCY = 8;
const TARGET_SIZE = 50_000;
const LARGE_SIZE = 300_000;
const TARGET_LATENCY_MS = 40;
/** Wall time at most this multiple of the network floor, at `TARGET_SIZE` and `TARGET_LATENCY_MS`. */
const TARGET_WALL_RATIO = 1.2;
/** CPU per record at most this multiple of fetching and parsing the same pages. */
const TARGET_CPU_MULTIPLE = 4;
/** Peak RSS at `LARGE_SIZE` without latency, where nothing but the CLI sets the pace. */
const TARGET_RSS_BYTES = 384 * 2 ** 20;
/** Peak RSS growth per 1,000 records fetched, between the smallest and the largest size. */
const TARGET_GROWTH_BYTES_PER_1000 = 0.1 * 2 ** 20;

type Measurement = Awaited<ReturnType<typeof measure>>;

function wholeNumbers(flag: string, text: string, least: number): number[] {
  const values = text.split(',').map((part) => Number(part.trim()));
  if (values.some((value) => !Number.isSafeInteger(value) || value < least)) {
    throw new Error(`--${flag} must be whole numbers separated by commas, got ${JSON.stringify(text)}`);
  }
  return values;
}

/** Microseconds of CPU per record. */
const cpuPerRecord = (cpuMs: number, records: number): number => (cpuMs * 1000) / records;
const least = <T extends { cpuMs: number; wallMs: number }>(runs: T[], key: 'cpuMs' | 'wallMs'): T =>
  runs.reduce((best, run) => (run[key] < best[key] ? run : best));

async function measure(paidPerMonth: number, latencyMs: number, period: string, runs: number) {
  const load = loadavg()[0]!;
  const sandbox = await startBenchSandbox({ paidPerMonth, latencyMs, maxLimit: MAX_LIMIT, seed: 1, period });
  try {
    const before = await sandbox.counts();
    const args = ['--period', period, '--timezone', 'UTC', '--concurrency', `${CONCURRENCY}`];
    const env = { INVOICING_API_URL: sandbox.url, INVOICING_API_KEY: sandbox.apiKey };
    const done: CliRun[] = [];
    for (let run = 0; run < runs; run++) {
      const result = await runCli([...args, '--page-size', String(MAX_LIMIT)], env);
      if (result.exitCode !== 0) {
        const reason = result.stderr.trim().split('\n').at(-1);
        throw new Error(`the CLI exited ${result.exitCode} at ${count(paidPerMonth)} paid: ${reason}`);
      }
      done.push(result);
    }
    const counts = await sandbox.counts();
    const walks = counts.walks.map((walk) => ({ ...walk, pages: pagesNeeded(walk, MAX_LIMIT) }));
    // Counts add up over the runs; each run walks the same lists.
    const needed = walks.reduce((sum, walk) => sum + walk.pages, counts.statisticsRequests / runs);
    const settings = {
      url: sandbox.url,
      apiKey: sandbox.apiKey,
      walks,
      pageSize: MAX_LIMIT,
      concurrency: CONCURRENCY,
    };
    const bareFetches = done.map(() => runBareFetch(settings));
    // The least CPU (best), wall time and bare fetch over the runs; the highest peak RSS.
    const best = least(done, 'cpuMs');
    const bareFetch = least(bareFetches, 'cpuMs');
    const recordsFetched = walks.reduce((sum, walk) => sum + walk.records, 0);
    const cpuUs = cpuPerRecord(best.cpuMs, recordsFetched);
    const bareCpuUs = cpuPerRecord(bareFetch.cpuMs, bareFetch.records);
    return {
      paidPerMonth,
      latencyMs,
      best,
      wallMs: least(done, 'wallMs').wallMs,
      maxRssBytes: Math.max(...done.map((run) => run.maxRssBytes)),
      recordsFetched,
      pagesNeeded: needed,
      // The least wall time the pages can take: all in flight `CONCURRENCY` at a time, each `latencyMs`.
      floorMs: (needed / CONCURRENCY) * latencyMs,
      cpuUs,
      bareCpuUs,
      cpuMultiple: cpuUs / bareCpuUs,
      bareFetchWallMs: least(bareFetches, 'wallMs').wallMs,
      sandboxCpuMs: (counts.cpuMs - before.cpuMs) / runs,
      load,
    };
  } finally {
    await sandbox.stop();
  }
}

/** `CPU 2.10 x fetch+parse (<= 4: met)`: `value` against `limit`, shown as `shown`. */
const target = (figure: string, value: number, limit: number, shown: string | number = limit) =>
  `${figure} (<= ${shown}: ${value <= limit ? 'met' : 'missed'})`;

function printTable(results: readonly Measurement[]): void {
  const header =
    'paid/month|latency|fetched|pages|CPU|CPU/record|fetch+parse|x fetch+parse|peak RSS|wall|floor|wall/floor|load';
  const rows = results.map((result) => [
    count(result.paidPerMonth),
    `${result.latencyMs} ms`,
    count(result.recordsFetched),
    count(result.pagesNeeded),
    seconds(result.best.cpuMs),
    `${result.cpuUs.toFixed(1)} µs`,
    `${result.bareCpuUs.toFixed(1)} µs`,
    `${result.cpuMultiple.toFixed(2)}`,
    mebibytes(result.maxRssBytes),
    seconds(result.wallMs),
    result.latencyMs > 0 ? seconds(result.floorMs) : '-',
    result.latencyMs > 0 ? (result.wallMs / result.floorMs).toFixed(2) : '-',
    result.load.toFixed(2),
  ]);
  console.log(table([header.split('|'), ...rows]));
  console.log(
    '\nfetched: records the service handed out (wider date ranges and the previous period included); pages: ' +
      'one per full page of each list plus the short page that ends it, plus the statistics; CPU: user + ' +
      'system time of the run that used least, and per record fetched; fetch+parse: the CPU per record of ' +
      'asking for the same pages over node:http and JSON.parse-ing them, nothing else (bench/bare-fetch.mjs, ' +
      'the least over as many runs, right after the CLI); peak RSS: the highest over the runs; wall: the ' +
      `fastest run, spawn to exit; floor: pages / ${CONCURRENCY} x latency; load: the 1-minute load average ` +
      'when the row started (the sandbox shares the machine: a busy machine shows a higher wall/floor).',
  );
}

function printTargets(results: readonly Measurement[], latencies: readonly number[]): void {
  console.log('\nTargets:');
  for (const { cpuMultiple, maxRssBytes, paidPerMonth, latencyMs, wallMs, floorMs } of results) {
    const parts = [target(`CPU ${cpuMultiple.toFixed(2)} x fetch+parse`, cpuMultiple, TARGET_CPU_MULTIPLE)];
    if (paidPerMonth === LARGE_SIZE && latencyMs === 0) {
      const figure = `peak RSS ${mebibytes(maxRssBytes)}`;
      parts.push(target(figure, maxRssBytes, TARGET_RSS_BYTES, mebibytes(TARGET_RSS_BYTES)));
    }
    if (paidPerMonth === TARGET_SIZE && latencyMs === TARGET_LATENCY_MS) {
      const ratio = wallMs / floorMs;
      parts.push(target(`wall/floor ${ratio.toFixed(2)}`, ratio, TARGET_WALL_RATIO));
    }
    console.log(`  ${count(paidPerMonth)} paid, ${latencyMs} ms: ${parts.join('; ')}`);
  }
  // Peak RSS growth per 1,000 records between the smallest and the largest size, for each latency.
  for (const latencyMs of latencies) {
    const rows = results.filter((result) => result.latencyMs === latencyMs);
    if (rows.length < 2) continue;
    const [small, large] = [rows[0]!, rows.at(-1)!];
    const growth =
      ((large.maxRssBytes - small.maxRssBytes) / (large.recordsFetched - small.recordsFetched)) * 1000;
    const figure = `peak RSS growth at ${latencyMs} ms: ${(growth / 2 ** 20).toFixed(3)} MiB per 1,000 records`;
    const limit = TARGET_GROWTH_BYTES_PER_1000;
    console.log(`  ${target(figure, growth, limit, (limit / 2 ** 20).toFixed(1))}`);
  }
}

/** With latency: the CLI's and the sandbox's CPU over every CPU (or the floor), and the bare fetch's wall time. */
function printWallLimits(results: readonly Measurement[], cpus: number): void {
  const slow = results.filter((result) => result.latencyMs > 0);
  if (slow.length === 0) return;
  console.log(`\nWall time the machine and the sandbox allow, per run (${cpus} CPU(s)):`);
  for (const result of slow) {
    const leastWallMs = Math.max(result.floorMs, (result.best.cpuMs + result.sandboxCpuMs) / cpus);
    const ofFloor = (ms: number) => `${(ms / result.floorMs).toFixed(2)} x the floor`;
    console.log(
      `  ${count(result.paidPerMonth)} paid, ${result.latencyMs} ms: the CPU the CLI and the sandbox share ` +
        `(sandbox ${seconds(result.sandboxCpuMs)}, CLI ${seconds(result.best.cpuMs)}) takes at least ` +
        `${seconds(leastWallMs)}, ${ofFloor(leastWallMs)}; fetching and parsing the pages alone took ` +
        `${seconds(result.bareFetchWallMs)}, ${ofFloor(result.bareFetchWallMs)}`,
    );
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      sizes: { type: 'string', default: `${TARGET_SIZE},${LARGE_SIZE}` },
      latencies: { type: 'string', default: `${TARGET_LATENCY_MS},0` },
      runs: { type: 'string', default: '2' },
      period: { type: 'string', default: 'month' },
      'cold-start': { type: 'boolean', default: false },
      machinery: { type: 'boolean', default: false },
    },
  });
  const kind = (['month', 'quarter', 'year'] as PeriodKind[]).find((known) => known === values.period);
  if (kind === undefined) throw new Error(`--period must be month, quarter or year, got ${values.period}`);
  const [runs] = wholeNumbers('runs', values.runs, 1);
  const sizes = wholeNumbers('sizes', values.sizes, 1).sort((a, b) => a - b);
  const latencies = wholeNumbers('latencies', values.latencies, 0);
  if (values['cold-start']) return runColdStartBench();
  if (values.machinery) return runMachineryBench();
  const period = defaultPeriod('UTC', new Date(), kind).id;
  console.log(
    `Report CLI benchmark: ${kind} ${period} (UTC), sandbox latency ${latencies.join(' and ')} ms, at most ` +
      `${MAX_LIMIT} records a page, CLI concurrency ${CONCURRENCY}, ${runs} run(s) each, ` +
      `${availableParallelism()} CPU(s)`,
  );
  const bundleMs = prepareCli();
  const startup = await runCli(['--help'], {});
  console.log(
    `Bundling the CLI (npm run report's prereport, before every run): ${seconds(bundleMs)}. ` +
      `CLI start-up alone (--help): ${seconds(startup.wallMs)}, CPU ${seconds(startup.cpuMs)}, ` +
      `peak RSS ${mebibytes(startup.maxRssBytes)}\n`,
  );

  const results: Measurement[] = [];
  for (const latencyMs of latencies) {
    for (const size of sizes) {
      process.stdout.write(`running ${count(size)} paid invoices a month, ${latencyMs} ms...`);
      results.push(await measure(size, latencyMs, period, runs!));
      process.stdout.write(' done\n');
    }
  }
  console.log('');
  printTable(results);
  printTargets(results, latencies);
  printWallLimits(results, availableParallelism());
}

try {
  await main();
} catch (error) {
  console.error(`\nbench: ${errorParts(error).message}`);
  process.exitCode = 1;
}
