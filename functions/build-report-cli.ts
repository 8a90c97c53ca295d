/**
 * `npm run report`'s `prereport`: bundles `functions/report-cli.ts` into one ES module that `node` starts
 * in a tenth of a second (tsx takes several), when a file it was built from changed. Each build renames
 * a file of its own over the bundle, so reports started at once never load one half written. The bundle
 * sets exit status 1 first: one that stopped short never exits 0.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { build } from 'esbuild';

const ROOT = resolve(import.meta.dirname, '..');
const ENTRY = 'functions/report-cli.ts';
const BUNDLE = 'node_modules/.cache/invoice-reports/report-cli.mjs';
/** Beside the bundle: each file it was built from, with its size and modification time. */
const INPUTS = `${BUNDLE}.inputs.json`;
/** What else decides the bundle's content: the external packages' versions and this script. */
const ALSO_READ = ['package.json', 'package-lock.json', 'functions/build-report-cli.ts'];

/** Each file's size and modification time, by path. */
async function stampOf(paths: readonly string[]): Promise<Record<string, string>> {
  const fingerprint = (path: string) =>
    stat(join(ROOT, path)).then(
      ({ size, mtimeMs }) => `${size}:${mtimeMs}`,
      () => 'missing',
    );
  return Object.fromEntries(await Promise.all(paths.map(async (path) => [path, await fingerprint(path)])));
}

async function isFresh(): Promise<boolean> {
  try {
    const recorded = JSON.parse(await readFile(join(ROOT, INPUTS), 'utf8')) as Record<string, string>;
    await stat(join(ROOT, BUNDLE));
    // `stampOf` keeps the paths' order: the texts are equal when every stamp is.
    const paths = Object.keys(recorded);
    return paths.length > 0 && JSON.stringify(await stampOf(paths)) === JSON.stringify(recorded);
  } catch {
    return false;
  }
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
