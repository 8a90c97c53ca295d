/**
 * `npm run report`'s `prereport`: bundles `functions/report-cli.ts` into one ES module that plain `node`
 * starts in a tenth of a second (tsx takes several), only when the bundle is missing or older than a
 * file it was built from.
 *
 * Safe when several reports start at once: each build writes a file of its own and renames it over the
 * bundle, so a run loads either the previous bundle or the new one, never one half written (esbuild
 * writes its output file in place). Two runs that find it stale both build; the last rename wins, and
 * both bundles are whole. The bundle begins by setting exit status 1, which its last line replaces with
 * the report's: a bundle that somehow stopped short exits 1, never 0 having done nothing.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { build } from 'esbuild';

const ROOT = resolve(import.meta.dirname, '..');
const ENTRY = 'functions/report-cli.ts';
const BUNDLE = 'node_modules/.cache/invoice-reports/report-cli.mjs';
/** Beside the bundle: each file it was built from with its size and modification time. */
const INPUTS = `${BUNDLE}.inputs.json`;
/** What else decides the bundle's content: the external packages' versions and this script. */
const ALSO_READ = ['package.json', 'package-lock.json', 'functions/build-report-cli.ts'];

type Stamp = Record<string, string>;

/** A file's size and modification time, or `missing`. */
async function fingerprint(path: string): Promise<string> {
  try {
    const { size, mtimeMs } = await stat(join(ROOT, path));
    return `${size}:${mtimeMs}`;
  } catch {
    return 'missing';
  }
}

async function stampOf(paths: readonly string[]): Promise<Stamp> {
  const entries = await Promise.all(paths.map(async (path) => [path, await fingerprint(path)] as const));
  return Object.fromEntries(entries);
}

async function isFresh(): Promise<boolean> {
  let recorded: Stamp;
  try {
    recorded = JSON.parse(await readFile(join(ROOT, INPUTS), 'utf8')) as Stamp;
    await stat(join(ROOT, BUNDLE));
  } catch {
    return false;
  }
  const now = await stampOf(Object.keys(recorded));
  return (
    Object.keys(recorded).length > 0 && Object.entries(recorded).every(([path, was]) => now[path] === was)
  );
}

/** Writes `content` to `path` by way of a file of this process's own, renamed into place. */
async function replaceAtomically(path: string, content: string | Uint8Array): Promise<void> {
  const temporary = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    await writeFile(temporary, content);
    await rename(temporary, path);
  } finally {
    await rm(temporary, { force: true });
  }
}

async function buildBundle(): Promise<void> {
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: [ENTRY],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    mainFields: ['module', 'main'],
    external: ['exceljs', 'nodemailer'],
    banner: {
      js: "process.exitCode = 1; import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
    },
    outfile: BUNDLE,
    write: false,
    metafile: true,
    logLevel: 'warning',
  });
  const [output] = result.outputFiles;
  if (!output) throw new Error('esbuild wrote no bundle');
  const stamp = await stampOf([...Object.keys(result.metafile.inputs), ...ALSO_READ]);
  await mkdir(dirname(join(ROOT, BUNDLE)), { recursive: true });
  // The bundle first, then what it was built from: a run that reads them in between builds again.
  await replaceAtomically(join(ROOT, BUNDLE), output.contents);
  await replaceAtomically(join(ROOT, INPUTS), JSON.stringify(stamp));
}

if (!(await isFresh())) await buildBundle();
