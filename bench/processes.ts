import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createInterface, type Interface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import type {
  BenchSandboxCounts,
  BenchSandboxReady,
  BenchSandboxSettings,
  WalkCount,
} from './sandbox-server';

const ROOT = resolve(import.meta.dirname, '..');
/** TypeScript runs through tsx. */
const TSX = ['--import', 'tsx'];

function packageScripts(): Record<string, string> {
  return JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts as Record<string, string>;
}

/** How `npm run report` starts the CLI (`node <options> <entry>`), to measure it as users run it, without npm. */
function reportCommand(): { options: string[]; entry: string } {
  const script = packageScripts().report ?? '';
  const words = script.trim().split(/\s+/);
  if (words[0] !== 'node' || words.length < 2) {
    throw new Error(`expected package.json's "report" script to be "node [options] ENTRY", got "${script}"`);
  }
  return { options: words.slice(1, -1), entry: words.at(-1)! };
}

/** Runs package.json's `prereport` script (bundling the CLI), as `npm run report` does: its milliseconds. */
export function prepareCli(): number {
  const script = packageScripts().prereport;
  if (!script) return 0;
  const started = performance.now();
  execFileSync('sh', ['-c', script], {
    cwd: ROOT,
    env: { ...process.env, PATH: `${join(ROOT, 'node_modules/.bin')}:${process.env.PATH ?? ''}` },
    stdio: 'inherit',
  });
  return performance.now() - started;
}

/** Starts `bench/sandbox-server.ts` and waits until it listens. */
export async function startBenchSandbox(settings: BenchSandboxSettings) {
  const child = spawn(process.execPath, [...TSX, join(ROOT, 'bench/sandbox-server.ts')], {
    cwd: ROOT,
    env: { ...process.env, BENCH_SANDBOX: JSON.stringify(settings) },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  const ready = JSON.parse(await nextLine(lines, child, 'ready ')) as BenchSandboxReady;
  return {
    ...ready,
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

/** What the bare fetch of a run's pages cost (see `bare-fetch.mjs`). */
export interface BareFetch {
  cpuMs: number;
  wallMs: number;
  records: number;
}

/** Settings of `bare-fetch.mjs`: the walks to repeat and how. */
export interface BareFetchSettings {
  url: string;
  apiKey: string;
  /** Each walk with the pages it takes (`pagesNeeded`). */
  walks: readonly (Pick<WalkCount, 'endpoint' | 'filter'> & { pages: number })[];
  pageSize: number;
  concurrency: number;
}

/** Fetches and parses the pages of `walks` in a process of its own, without a report (see `bare-fetch.mjs`). */
export function runBareFetch(settings: BareFetchSettings): BareFetch {
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

/** Runs the report CLI as `npm run report` does (after `prepareCli`), in a process of its own. */
export async function runCli(args: string[], env: Record<string, string>): Promise<CliRun> {
  const work = await mkdtemp(join(tmpdir(), 'report-bench-'));
  const usageFile = join(work, 'usage.json');
  const outDir = join(work, 'reports');
  try {
    const { options, entry } = reportCommand();
    const started = performance.now();
    const child = spawn(
      process.execPath,
      [
        ...options,
        '--import',
        pathToFileURL(join(ROOT, 'bench/usage-hook.mjs')).href,
        join(ROOT, entry),
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
    return { exitCode, wallMs, ...usage, stderr: Buffer.concat(stderr).toString('utf8') };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
