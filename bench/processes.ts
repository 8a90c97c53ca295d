import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createInterface, type Interface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import type { BenchSandboxCounts, BenchSandboxReady, BenchSandboxSettings } from './sandbox-server';

const ROOT = resolve(import.meta.dirname, '..');
/** TypeScript runs through tsx. */
const TSX = ['--import', 'tsx'];
const CLI_ENTRY = 'functions/report-cli.ts';

/**
 * The Node options `npm run report` starts the CLI with, read from package.json's
 * `node <options> functions/report-cli.ts`: the CLI is measured as users run it, without npm's own
 * process in between, and a flag added there is measured too.
 */
function reportNodeOptions(): string[] {
  const scripts = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts as Record<
    string,
    string
  >;
  const words = (scripts.report ?? '').trim().split(/\s+/);
  if (words[0] !== 'node' || words.at(-1) !== CLI_ENTRY) {
    throw new Error(
      `expected package.json's "report" script to be "node [options] ${CLI_ENTRY}", got "${scripts.report}"`,
    );
  }
  return words.slice(1, -1);
}

/** The benchmark's sandbox child process. */
export interface BenchSandbox extends BenchSandboxReady {
  /** Milliseconds from spawning it to its listening (generation and warming included). */
  startMs: number;
  counts(): Promise<BenchSandboxCounts>;
  stop(): Promise<void>;
}

/** Starts `bench/sandbox-server.ts` and waits until it listens. */
export async function startBenchSandbox(settings: BenchSandboxSettings): Promise<BenchSandbox> {
  const started = performance.now();
  const child = spawn(process.execPath, [...TSX, join(ROOT, 'bench/sandbox-server.ts')], {
    cwd: ROOT,
    env: { ...process.env, BENCH_SANDBOX: JSON.stringify(settings) },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  const ready = JSON.parse(await nextLine(lines, child, 'ready ')) as BenchSandboxReady;
  const startMs = performance.now() - started;
  return {
    ...ready,
    startMs,
    async counts() {
      const answer = nextLine(lines, child, 'counts ');
      child.stdin!.write('counts\n');
      return JSON.parse(await answer) as BenchSandboxCounts;
    },
    async stop() {
      const exited = new Promise((done) => child.once('exit', done));
      child.stdin!.end();
      await exited;
    },
  };
}

/** The rest of the first line that starts with `prefix`; rejects if the child exits first. */
function nextLine(lines: Interface, child: ChildProcess, prefix: string): Promise<string> {
  return new Promise((resolvePromise, reject) => {
    const onLine = (line: string) => {
      if (!line.startsWith(prefix)) return;
      lines.off('line', onLine);
      child.off('exit', onExit);
      resolvePromise(line.slice(prefix.length));
    };
    const onExit = (code: number | null) =>
      reject(new Error(`bench sandbox exited (${code}) before "${prefix}"`));
    lines.on('line', onLine);
    child.once('exit', onExit);
  });
}

export interface CliRun {
  exitCode: number | null;
  /** From spawning the process to its exit, start-up included. */
  wallMs: number;
  /** The process's peak resident set size. */
  maxRssBytes: number;
  /** CPU time the process used, user and system, all threads. */
  cpuMs: number;
  stderr: string;
  /** The report's `summary.json`, when the run wrote one. */
  summary?: ReportSummaryJson;
}

/** The members of `summary.json` the benchmark reads. */
export interface ReportSummaryJson {
  invoices: { total: number; paid: number };
  payments: { total: number; unmatched: number };
}

/** Runs `functions/report-cli.ts` in a process of its own and measures its wall time and peak memory. */
export async function runCli(args: string[], env: Record<string, string>): Promise<CliRun> {
  const work = await mkdtemp(join(tmpdir(), 'report-bench-'));
  const usageFile = join(work, 'usage.json');
  const outDir = join(work, 'reports');
  try {
    const started = performance.now();
    const child = spawn(
      process.execPath,
      [
        ...reportNodeOptions(),
        '--import',
        pathToFileURL(join(ROOT, 'bench/usage-hook.ts')).href,
        join(ROOT, CLI_ENTRY),
        ...args,
        '--out',
        outDir,
      ],
      {
        cwd: ROOT,
        env: { PATH: process.env.PATH ?? '', ...env, BENCH_USAGE_FILE: usageFile },
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    const stderr: Buffer[] = [];
    child.stderr!.on('data', (chunk: Buffer) => stderr.push(chunk));
    const exitCode = await new Promise<number | null>((done) => child.once('exit', done));
    const wallMs = performance.now() - started;
    const usage = JSON.parse(await readFile(usageFile, 'utf8')) as Pick<CliRun, 'maxRssBytes' | 'cpuMs'>;
    const run: CliRun = { exitCode, wallMs, ...usage, stderr: Buffer.concat(stderr).toString('utf8') };
    const [period] = exitCode === 0 ? await readdir(outDir).catch(() => []) : [];
    if (period) run.summary = JSON.parse(await readFile(join(outDir, period, 'summary.json'), 'utf8'));
    return run;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
