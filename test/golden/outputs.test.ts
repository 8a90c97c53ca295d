import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { writeGoldenOutputs } from '../support/golden-outputs';

/**
 * Every output a person sees for the sandbox's October 2026 (`test/support/golden-outputs.ts`), hashed
 * file by file against `outputs.sha256`: the report command's folders, the emails, the saved files and
 * the report API's answers stay byte for byte what they were, and so do the report command's folders
 * for other periods, one project, no records, failed checks and hostile values.
 */
const MANIFEST = join(import.meta.dirname, 'outputs.sha256');

const HOW_TO_COMPARE = [
  'To see the differences: `npm run golden -- /tmp/golden-main` on main, `npm run golden -- /tmp/golden-branch`',
  'on this branch, then `diff -r /tmp/golden-main /tmp/golden-branch`. When the change is meant, write the',
  'manifest again from the new outputs: `cd /tmp/golden-branch && find . -type f | sed "s|^./||" | LC_ALL=C',
  'sort | xargs -d "\\n" sha256sum > <repo>/test/golden/outputs.sha256`.',
].join('\n');

/** `hash  path` per file under `root`, sorted by path (the manifest's form, as `sha256sum` writes it). */
async function hashes(root: string): Promise<Map<string, string>> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  const files = entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
  const pairs = await Promise.all(
    files.map(async (file): Promise<[string, string]> => {
      const hash = createHash('sha256')
        .update(await readFile(file))
        .digest('hex');
      return [relative(root, file), hash];
    }),
  );
  return new Map(pairs);
}

let outDir: string | undefined;
afterAll(async () => {
  if (outDir) await rm(outDir, { recursive: true, force: true });
});

it('writes every output byte for byte as the manifest has it', { timeout: 120_000 }, async () => {
  outDir = await mkdtemp(join(tmpdir(), 'golden-outputs-'));
  await writeGoldenOutputs(outDir);
  const made = await hashes(outDir);
  const expected = new Map(
    (await readFile(MANIFEST, 'utf8'))
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => {
        const [hash, path] = line.split(/ {2}(.*)/s);
        return [path!, hash!];
      }),
  );

  const differing = [...expected].filter(([path, hash]) => made.has(path) && made.get(path) !== hash);
  const missing = [...expected.keys()].filter((path) => !made.has(path));
  const extra = [...made.keys()].filter((path) => !expected.has(path)).sort();
  const problems = [
    ['differ', differing.map(([path]) => path)],
    ['are missing', missing],
    ['are extra (not in the manifest)', extra],
  ] as const;
  const report = problems
    .filter(([, paths]) => paths.length > 0)
    .map(([what, paths]) => `${paths.length} file(s) ${what}:\n  ${paths.join('\n  ')}`);
  expect(report, `${report.join('\n')}\n\n${HOW_TO_COMPARE}`).toEqual([]);
});
