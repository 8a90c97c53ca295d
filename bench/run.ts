/**
 * `npm run bench [-- --sizes 50000,300000 --runs 2 --period month]`: the report CLI against a slow sandbox.
 *
 * For each size (paid invoices a month; the sandbox adds 10 % in other statuses and 1 % unmatched
 * payments) it starts the sandbox in its own process with 40 ms of latency and at most 100 records a
 * page, runs the CLI in its own process at concurrency 8 for the previous month (or quarter, or year,
 * with `--period`), as `npm run report` runs it (the bundle its `prereport` script makes), and prints the
 * pages the report needs, the floor (pages / concurrency x latency), the CLI's wall time and its ratio to
 * the floor, its CPU time (in all and per record fetched, which a quarter or a year must keep near a
 * month's) and its peak RSS. Beside the CPU per record it prints the floor under it: the same pages
 * fetched and parsed with nothing else done (`bare-fetch.mjs`); and the CPU the sandbox used, which
 * shares the machine's CPUs with the CLI. Two sizes show whether memory grows with the number of
 * records. The targets: wall time within 1.2 x the floor at 50,000 paid invoices; CPU at most 20 µs per
 * record fetched; peak RSS at most 256 MiB at 50,000 and 384 MiB at 300,000. It prints figures; it fails
 * only when a run itself fails. Last, it scales CPU per record to the machine the target was set on, by
 * what `JSON.parse` alone takes of the same pages on each. `--cold-start` measures the Lambda bundles
 * instead (see `cold-start.ts`).
 */
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import { errorParts } from '../lib/config';
import { defaultPeriod, type PeriodKind } from '../lib/period';
import { runColdStartBench } from './cold-start';
import { count, floorMs, mebibytes, pagesNeeded, seconds, table } from './figures';
import {
  type BareFetch,
  type CliRun,
  prepareCli,
  runBareFetch,
  runCli,
  startBenchSandbox,
} from './processes';

const LATENCY_MS = 40;
const MAX_LIMIT = 100;
const CONCURRENCY = 8;
const SEED = 1;
const TARGET_SIZE = 50_000;
const LARGE_SIZE = 300_000;
const TARGET_RATIO = 1.2;
const TARGET_CPU_US_PER_RECORD = 20;
/**
 * `JSON.parse` of these pages, µs per record, on the machine the CPU target was set on. CPU per record
 * depends on the machine; in multiples of what `JSON.parse` takes on the same machine, it compares
 * across machines (as far as the rest of the work scales with it: network and file system calls may not).
 */
const TARGET_MACHINE_PARSE_US_PER_RECORD = 2.7;
/** A page of 100 records over `node:http` with a keep-alive agent took 0.37 ms of CPU there, parsing aside. */
const TARGET_MACHINE_HTTP_US_PER_RECORD = 3.7;
/** Peak RSS targets by size; a size between them is held to the larger. */
const TARGET_RSS_BYTES: readonly [number, number][] = [
  [TARGET_SIZE, 256 * 2 ** 20],
  [LARGE_SIZE, 384 * 2 ** 20],
];

interface Measurement {
  paidPerMonth: number;
  /** The fastest run. */
  best: CliRun;
  /** The highest peak RSS over the runs. */
  maxRssBytes: number;
  /** Records the service handed out, over every list walk of one run. */
  recordsFetched: number;
  pagesNeeded: number;
  pagesServed: number;
  floorMs: number;
  sandboxStartMs: number;
  /** The least CPU over the runs of fetching and parsing the same pages without a report. */
  bareFetch: BareFetch;
  /** The least CPU `JSON.parse` alone took per record of these pages over those runs, in µs. */
  parseUsPerRecord: number;
  /** The least wall time over those runs: what the sandbox allows a client that does nothing else. */
  bareFetchWallMs: number;
  /** CPU the sandbox used serving one run of the CLI, on average. */
  sandboxCpuMs: number;
}

const PERIOD_KINDS: readonly PeriodKind[] = ['month', 'quarter', 'year'];

function readArgs(): { sizes: number[]; runs: number; kind: PeriodKind; coldStart: boolean } {
  const { values } = parseArgs({
    options: {
      sizes: { type: 'string', default: `${TARGET_SIZE},${LARGE_SIZE}` },
      runs: { type: 'string', default: '2' },
      period: { type: 'string', default: 'month' },
      'cold-start': { type: 'boolean', default: false },
    },
  });
  const kind = PERIOD_KINDS.find((known) => known === values.period);
  if (kind === undefined) throw new Error(`--period must be month, quarter or year, got ${values.period}`);
  const sizes = values.sizes.split(',').map((text) => Number(text.trim()));
  const runs = Number(values.runs);
  if (sizes.some((size) => !Number.isSafeInteger(size) || size < 1)) {
    throw new Error(`--sizes must be whole numbers separated by commas, got ${JSON.stringify(values.sizes)}`);
  }
  if (!Number.isSafeInteger(runs) || runs < 1)
    throw new Error(`--runs must be a whole number, got ${values.runs}`);
  return { sizes: sizes.sort((a, b) => a - b), runs, kind, coldStart: values['cold-start'] };
}

async function measure(paidPerMonth: number, period: string, runs: number): Promise<Measurement> {
  const sandbox = await startBenchSandbox({
    paidPerMonth,
    latencyMs: LATENCY_MS,
    maxLimit: MAX_LIMIT,
    seed: SEED,
    period,
  });
  try {
    const before = await sandbox.counts();
    const done: CliRun[] = [];
    for (let run = 0; run < runs; run++) {
      const result = await runCli(
        [
          '--period',
          period,
          '--timezone',
          'UTC',
          '--concurrency',
          String(CONCURRENCY),
          '--page-size',
          String(MAX_LIMIT),
        ],
        { INVOICING_API_URL: sandbox.url, INVOICING_API_KEY: sandbox.apiKey },
      );
      if (result.exitCode !== 0) {
        const reason = result.stderr.trim().split('\n').at(-1);
        throw new Error(`the CLI exited ${result.exitCode} at ${count(paidPerMonth)} paid: ${reason}`);
      }
      done.push(result);
    }
    const counts = await sandbox.counts();
    // Counts add up over the runs; each run walks the same lists.
    const needed = counts.walks.reduce(
      (sum, walk) => sum + pagesNeeded(walk, MAX_LIMIT),
      counts.statisticsRequests / runs,
    );
    const bareFetches = done.map(() =>
      runBareFetch({
        url: sandbox.url,
        apiKey: sandbox.apiKey,
        walks: counts.walks.map((walk) => ({ ...walk, pages: pagesNeeded(walk, MAX_LIMIT) })),
        pageSize: MAX_LIMIT,
        concurrency: CONCURRENCY,
      }),
    );
    const served = counts.walks.reduce(
      (sum, walk) => sum + walk.requests,
      counts.statisticsRequests + counts.failedRequests,
    );
    return {
      paidPerMonth,
      best: done.reduce((best, run) => (run.wallMs < best.wallMs ? run : best)),
      maxRssBytes: Math.max(...done.map((run) => run.maxRssBytes)),
      recordsFetched: counts.walks.reduce((sum, walk) => sum + walk.records, 0),
      pagesNeeded: needed,
      pagesServed: served / runs,
      floorMs: floorMs(needed, CONCURRENCY, LATENCY_MS),
      sandboxStartMs: sandbox.startMs,
      bareFetch: bareFetches.reduce((least, run) => (run.cpuMs < least.cpuMs ? run : least)),
      parseUsPerRecord: Math.min(...bareFetches.map((run) => run.parseUsPerRecord)),
      bareFetchWallMs: Math.min(...bareFetches.map((run) => run.wallMs)),
      sandboxCpuMs: (counts.cpuMs - before.cpuMs) / runs,
    };
  } finally {
    await sandbox.stop();
  }
}

function printTable(results: readonly Measurement[]): void {
  console.log(
    table([
      [
        'paid/month',
        'in period',
        'fetched',
        'pages needed',
        'served',
        'floor',
        'wall',
        'wall/floor',
        'CPU',
        'CPU/record',
        'fetch+parse',
        'peak RSS',
      ],
      ...results.map((result) => [
        count(result.paidPerMonth),
        count((result.best.summary?.invoices.total ?? 0) + (result.best.summary?.payments.total ?? 0)),
        count(result.recordsFetched),
        count(result.pagesNeeded),
        count(result.pagesServed),
        seconds(result.floorMs),
        seconds(result.best.wallMs),
        (result.best.wallMs / result.floorMs).toFixed(2),
        seconds(result.best.cpuMs),
        `${cpuPerRecord(result.best.cpuMs, result.recordsFetched).toFixed(1)} µs`,
        `${cpuPerRecord(result.bareFetch.cpuMs, result.bareFetch.records).toFixed(1)} µs`,
        mebibytes(result.maxRssBytes),
      ]),
    ]),
  );
  console.log(
    '\nin period: invoices created and payments made in the period; fetched: records the service handed out ' +
      '(wider date ranges and the previous period included); pages needed: one per full page of each list ' +
      'plus the short page that ends it, plus the statistics; served: requests the sandbox answered per run; ' +
      `floor: pages needed / ${CONCURRENCY} x ${LATENCY_MS} ms; wall: the fastest run of the CLI process, ` +
      "spawn to exit, start-up included; CPU: that run's user + system time, and per record fetched; " +
      'fetch+parse: the CPU per record of asking for the same pages over node:http and JSON.parse-ing them, ' +
      'nothing else (bench/bare-fetch.mjs, the least over as many runs): the floor under CPU/record; ' +
      'peak RSS: the highest over the runs.',
  );
}

function printMemoryGrowth(startup: CliRun, results: readonly Measurement[]): void {
  console.log(
    '\nPeak RSS above start-up, per record fetched (flat memory makes this fall as the size grows):',
  );
  for (const result of results) {
    const perRecord = (result.maxRssBytes - startup.maxRssBytes) / result.recordsFetched;
    console.log(
      `  ${count(result.paidPerMonth)} paid: ${mebibytes(result.maxRssBytes - startup.maxRssBytes)} above ` +
        `start-up, ${(perRecord / 1024).toFixed(3)} KiB per record`,
    );
  }
}

/**
 * The least wall time the machine allows a run, its CPUs shared by the CLI and the sandbox: their CPU
 * together spread over every CPU, or the floor, whichever is more. And the wall time of the bare fetch:
 * what the sandbox allows a client that only fetches and parses the pages.
 */
function printWallLimits(results: readonly Measurement[], cpus: number): void {
  console.log(`\nWall time the machine and the sandbox allow, per run (${cpus} CPU(s)):`);
  for (const result of results) {
    const leastWallMs = Math.max(result.floorMs, (result.best.cpuMs + result.sandboxCpuMs) / cpus);
    const ofFloor = (ms: number) => `${(ms / result.floorMs).toFixed(2)} x the floor`;
    console.log(
      `  ${count(result.paidPerMonth)} paid: the CPU the CLI and the sandbox share (sandbox ` +
        `${seconds(result.sandboxCpuMs)}, CLI ${seconds(result.best.cpuMs)}) takes at least ` +
        `${seconds(leastWallMs)}, ${ofFloor(leastWallMs)}; fetching and parsing the pages alone took ` +
        `${seconds(result.bareFetchWallMs)}, ${ofFloor(result.bareFetchWallMs)}`,
    );
  }
}

/** The peak RSS target for a size: the smallest target size at or above it, or the largest. */
function rssTarget(paidPerMonth: number): number {
  const [, bytes] = TARGET_RSS_BYTES.find(([size]) => paidPerMonth <= size) ?? TARGET_RSS_BYTES.at(-1)!;
  return bytes;
}

/** Microseconds of CPU per record. */
const cpuPerRecord = (cpuMs: number, records: number): number => (cpuMs * 1000) / records;

const verdict = (met: boolean) => (met ? 'met' : 'missed');

function printTargets(results: readonly Measurement[]): void {
  console.log('\nTargets:');
  for (const result of results) {
    const microseconds = cpuPerRecord(result.best.cpuMs, result.recordsFetched);
    const rss = rssTarget(result.paidPerMonth);
    const parts = [
      `CPU ${microseconds.toFixed(1)} µs per record (<= ${TARGET_CPU_US_PER_RECORD}: ` +
        `${verdict(microseconds <= TARGET_CPU_US_PER_RECORD)})`,
      `peak RSS ${mebibytes(result.maxRssBytes)} (<= ${mebibytes(rss)}: ${verdict(result.maxRssBytes <= rss)})`,
    ];
    if (result.paidPerMonth === TARGET_SIZE) {
      const ratio = result.best.wallMs / result.floorMs;
      parts.unshift(`wall/floor ${ratio.toFixed(2)} (<= ${TARGET_RATIO}: ${verdict(ratio <= TARGET_RATIO)})`);
    }
    console.log(`  ${count(result.paidPerMonth)} paid: ${parts.join('; ')}`);
  }
  console.log(
    "The sandbox runs on the same machine: with few CPUs its work and the CLI's compete, and a busy " +
      'machine shows a higher wall/floor.',
  );
}

/**
 * CPU per record scaled to the machine the target was set on, by `JSON.parse` of the same pages; and the
 * CPU of the HTTP exchange alone on both, which shows how much of the difference is the platform's
 * network calls rather than the code.
 */
function printMachineScale(results: readonly Measurement[]): void {
  // A figure of the machine, not of the size: the least over the sizes' samples, the least disturbed.
  const parse = Math.min(...results.map((result) => result.parseUsPerRecord));
  console.log(
    `\nJSON.parse alone: ${parse.toFixed(1)} µs per record of these pages here (the least over the sizes), ` +
      `${TARGET_MACHINE_PARSE_US_PER_RECORD} where the target was set. In multiples of it:`,
  );
  for (const result of results) {
    const multiple = cpuPerRecord(result.best.cpuMs, result.recordsFetched) / parse;
    const http = cpuPerRecord(result.bareFetch.cpuMs, result.bareFetch.records) - parse;
    console.log(
      `  ${count(result.paidPerMonth)} paid: CPU ${multiple.toFixed(1)} x, about ` +
        `${(multiple * TARGET_MACHINE_PARSE_US_PER_RECORD).toFixed(0)} µs per record there (target ` +
        `${TARGET_CPU_US_PER_RECORD} µs, ${(TARGET_CPU_US_PER_RECORD / TARGET_MACHINE_PARSE_US_PER_RECORD).toFixed(1)} x); ` +
        `the HTTP exchange alone ${http.toFixed(1)} µs per record here (${TARGET_MACHINE_HTTP_US_PER_RECORD} there)`,
    );
  }
}

async function main(): Promise<void> {
  const { sizes, runs, kind, coldStart } = readArgs();
  if (coldStart) return runColdStartBench();
  const period = defaultPeriod('UTC', new Date(), kind).id;
  console.log(
    `Report CLI benchmark: ${kind} ${period} (UTC), sandbox latency ${LATENCY_MS} ms, at most ${MAX_LIMIT} records a ` +
      `page, CLI concurrency ${CONCURRENCY}, best of ${runs} run(s), ${availableParallelism()} CPU(s)`,
  );
  const bundleMs = prepareCli();
  const startup = await runCli(['--help'], {});
  console.log(
    `Bundling the CLI (npm run report's prereport, before every run): ${seconds(bundleMs)}. ` +
      `CLI start-up alone (--help): ${seconds(startup.wallMs)}, CPU ${seconds(startup.cpuMs)}, ` +
      `peak RSS ${mebibytes(startup.maxRssBytes)}\n`,
  );

  const results: Measurement[] = [];
  for (const size of sizes) {
    process.stdout.write(`running ${count(size)} paid invoices a month...`);
    const result = await measure(size, period, runs);
    results.push(result);
    process.stdout.write(` done (sandbox ready in ${seconds(result.sandboxStartMs)})\n`);
  }
  console.log('');
  printTable(results);
  printMemoryGrowth(startup, results);
  printWallLimits(results, availableParallelism());
  printTargets(results);
  printMachineScale(results);
}

try {
  await main();
} catch (error) {
  console.error(`\nbench: ${errorParts(error).message}`);
  process.exitCode = 1;
}
