import { execFile, execFileSync, fork, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import type {
  BenchSandboxCounts,
  BenchSandboxReady,
  BenchSandboxSettings,
  WalkCount,
} from './sandbox-server';

/** The benchmarks' processes (the sandbox, the CLI, the bare fetch, fresh loads) and how figures print. */
export const ROOT = resolve(import.meta.dirname, '..');

const packageScripts = (): Record<string, string> =>
  JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts;

/**
 * Requests a list walk cannot do without: every full page, and one more that comes back short (or
 * empty) and so tells the client the list has ended.
 */
export const pagesNeeded = (walk: Pick<WalkCount, 'records'>, maxLimit: number): number =>
  Math.floor(walk.records / maxLimit) + 1;

/** `1,234,567` */
export const count = (value: number): string => Math.round(value).toLocaleString('en-US');
/** `3.21 s` */
export const seconds = (ms: number): string => `${(ms / 1000).toFixed(2)} s`;
/** `312 MiB` */
export const mebibytes = (bytes: number): string => `${(bytes / 2 ** 20).toFixed(0)} MiB`;
/** The middle of figures sorted fastest first (`freshImportMs`). */
export const median = (sorted: readonly number[]): number => sorted[Math.floor(sorted.length / 2)]!;

/** Pads each cell to its column's width; the first column to the left, the others to the right. */
export function table(rows: readonly (readonly string[])[]): string {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  const pad = (cell: string, column: number) =>
    column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!);
  return rows.map((row) => row.map(pad).join('  ')).join('\n');
}

/** Runs package.json's `prereport` script (bundling the CLI), as `npm run report` does: its milliseconds. */
export function prepareCli(): number {
  const script = packageScripts().prereport;
  if (script === undefined) throw new Error("package.json has no 'prereport' script to bundle the CLI with");
  const started = performance.now();
  execFileSync('sh', ['-c', script], {
    cwd: ROOT,
    env: { ...process.env, PATH: `${join(ROOT, 'node_modules/.bin')}:${process.env.PATH ?? ''}` },
    stdio: 'inherit',
  });
  return performance.now() - started;
}

/** Forks `bench/sandbox-server.ts` and waits until it listens; it answers `counts()` over IPC. */
export async function startBenchSandbox(settings: BenchSandboxSettings) {
  const child = fork(join(ROOT, 'bench/sandbox-server.ts'), {
    cwd: ROOT,
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, BENCH_SANDBOX: JSON.stringify(settings) },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const answer = <T>(what: string) =>
    new Promise<T>((resolvePromise, reject) => {
      const onExit = (code: number | null) =>
        reject(new Error(`bench sandbox exited (${code}) before ${what}`));
      child.once('exit', onExit);
      child.once('message', (message) => {
        child.off('exit', onExit);
        resolvePromise(message as T);
      });
    });
  const ready = await answer<BenchSandboxReady>('listening');
  return {
    ...ready,
    counts(): Promise<BenchSandboxCounts> {
      const counts = answer<BenchSandboxCounts>('counting');
      child.send('counts');
      return counts;
    },
    async stop() {
      const exited = new Promise((done) => child.once('exit', done));
      child.disconnect();
      await exited;
    },
  };
}

/** What the bare fetch of a run's pages cost (see `bare-fetch.mjs`). */
export type BareFetch = Record<'cpuMs' | 'wallMs' | 'records', number>;

/**
 * Fetches and parses the pages of `walks` (each with the pages it takes, `pagesNeeded`) in a process of
 * its own, without a report (see `bare-fetch.mjs`).
 */
export function runBareFetch(settings: {
  url: string;
  apiKey: string;
  walks: readonly (Pick<WalkCount, 'endpoint' | 'filter'> & { pages: number })[];
  pageSize: number;
  concurrency: number;
}): BareFetch {
  const output = execFileSync(process.execPath, [join(ROOT, 'bench/bare-fetch.mjs')], {
    env: { PATH: process.env.PATH ?? '', BENCH_BARE_FETCH: JSON.stringify(settings) },
    encoding: 'utf8',
  });
  return JSON.parse(output) as BareFetch;
}

export interface CliRun {
  exitCode: number | null;
  /** From spawning the process to its exit. */
  wallMs: number;
  maxRssBytes: number;
  /** User and system, all threads. */
  cpuMs: number;
  stderr: string;
}

/**
 * Runs the report CLI as `npm run report` starts it (`node <options> <entry>`, after `prepareCli`), in a
 * process of its own, without npm.
 */
export async function runCli(args: string[], env: Record<string, string>): Promise<CliRun> {
  const script = packageScripts().report ?? '';
  const words = script.trim().split(/\s+/);
  if (words[0] !== 'node' || words.length < 2) {
    throw new Error(`expected package.json's "report" script to be "node [options] ENTRY", got "${script}"`);
  }
  const work = await mkdtemp(join(tmpdir(), 'report-bench-'));
  const usageFile = join(work, 'usage.json');
  try {
    const hook = pathToFileURL(join(ROOT, 'bench/usage-hook.mjs')).href;
    const entry = join(ROOT, words.at(-1)!);
    const argv = [...words.slice(1, -1), '--import', hook, entry, ...args, '--out', join(work, 'reports')];
    const started = performance.now();
    const child = spawn(process.execPath, argv, {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', ...env, BENCH_USAGE_FILE: usageFile },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    const stderr: Buffer[] = [];
    child.stderr!.on('data', (chunk: Buffer) => stderr.push(chunk));
    const exitCode = await new Promise<number | null>((done) => child.once('exit', done));
    const wallMs = performance.now() - started;
    const usage = JSON.parse(await readFile(usageFile, 'utf8')) as Pick<CliRun, 'maxRssBytes' | 'cpuMs'>;
    return { exitCode, wallMs, ...usage, stderr: Buffer.concat(stderr).toString('utf8') };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/**
 * Milliseconds `await import(specifier)` takes, `runs` times, each in a fresh Node process: fastest first.
 * `check` runs after each import, with the module as `module`.
 */
export async function freshImportMs(
  specifier: string,
  runs: number,
  options: { cwd: string; env?: NodeJS.ProcessEnv },
  check = '',
): Promise<number[]> {
  const script = `const t = performance.now(); const module = await import(${JSON.stringify(specifier)}); const ms = performance.now() - t; ${check} console.log(ms);`;
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], {
      ...options,
      encoding: 'utf8',
    });
    times.push(Number(stdout.trim()));
  }
  return times.sort((a, b) => a - b);
}
