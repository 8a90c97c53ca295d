import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const README = join(ROOT, 'README.md');
const DOCS = join(ROOT, 'docs');

const README_MAX_LINES = 250;
const DOC_MAX_LINES = 450;
/** Pages state what is true now: history lives in git. Whole words, so that "refused to" passes. */
const HISTORY_PHRASES = [/\bused\s+to\b/i, /\bno\s+longer\b/i];

/** README.md and every docs/*.md, as absolute paths. */
function docFiles(): string[] {
  const pages = readdirSync(DOCS)
    .filter((name) => name.endsWith('.md'))
    .map((name) => join(DOCS, name));
  return [README, ...pages];
}

function lineCount(text: string): number {
  return text.endsWith('\n') ? text.split('\n').length - 1 : text.split('\n').length;
}

/** The text outside fenced code blocks, where a `#` line is a heading. */
function withoutFences(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');
}

/** The text outside fenced code blocks and inline code spans, where a link is a link. */
function proseOf(markdown: string): string {
  return withoutFences(markdown).replace(/`[^`\n]*`/g, '');
}

/** Link targets: `[text](target)`, `[text]: target` and `<img src="target">`. */
function linkTargets(markdown: string): string[] {
  const prose = proseOf(markdown);
  const targets: string[] = [];
  for (const match of prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) targets.push(match[1]!);
  for (const match of prose.matchAll(/^\s*\[[^\]]+\]:\s*(\S+)/gm)) targets.push(match[1]!);
  for (const match of prose.matchAll(/<img\s[^>]*\bsrc="([^"]+)"/g)) targets.push(match[1]!);
  return targets;
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
function slugOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/`/g, '')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors a page's headings give, with GitHub's `-1`, `-2` for a heading repeated. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const match of withoutFences(markdown).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const slug = slugOf(match[1]!);
    const count = seen.get(slug) ?? 0;
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
    seen.set(slug, count + 1);
  }
  return anchors;
}

/**
 * The relative links of a page that lead nowhere: a file that does not exist, or an anchor that no heading
 * of the markdown page it names gives. Links with a scheme (`https:`, `mailto:`) are not followed.
 */
function brokenLinks(
  file: string,
  markdown: string,
  readPage: (path: string) => string | undefined,
): string[] {
  const broken: string[] = [];
  for (const target of linkTargets(markdown)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
    const [pathPart, anchor] = target.split('#', 2) as [string, string | undefined];
    const path = pathPart === '' ? file : resolve(dirname(file), decodeURI(pathPart));
    const page = pathPart === '' ? markdown : readPage(path);
    if (page === undefined) {
      broken.push(`${target}: no such file`);
      continue;
    }
    if (anchor !== undefined && path.endsWith('.md') && !anchorsOf(page).has(anchor)) {
      broken.push(`${target}: no heading with that anchor`);
    }
  }
  return broken;
}

function readIfFile(path: string): string | undefined {
  if (!existsSync(path)) return undefined;
  return statSync(path).isDirectory() ? '' : readFileSync(path, 'utf8');
}

describe('the link check', () => {
  const file = join(DOCS, 'example.md');
  const pages = new Map([[join(DOCS, 'api.md'), '# The report API\n\n## Signed links\n']]);
  const read = (path: string) => pages.get(path);

  it('finds a link to a file that does not exist', () => {
    expect(brokenLinks(file, 'See [the API](apii.md).', read)).toEqual(['apii.md: no such file']);
  });

  it('finds an anchor that no heading gives', () => {
    expect(brokenLinks(file, 'See [links](api.md#signed-link).', read)).toEqual([
      'api.md#signed-link: no heading with that anchor',
    ]);
  });

  it('accepts a file and a heading that exist, and ignores links in code and to other sites', () => {
    const markdown = [
      '# Example',
      'See [links](api.md#signed-links), [the top](#example) and [Hono](https://hono.dev/x.md).',
      '```md',
      '[not a link](missing.md)',
      '```',
      'and `[neither](missing.md)`.',
    ].join('\n');
    expect(brokenLinks(file, markdown, read)).toEqual([]);
  });

  it('reads headings as GitHub names their anchors', () => {
    expect([
      ...anchorsOf('## Re-running or resending a period\n## `npm start`: the local stack\n## A\n## A\n'),
    ]).toEqual(['re-running-or-resending-a-period', 'npm-start-the-local-stack', 'a', 'a-1']);
  });
});

describe('the docs', () => {
  const files = docFiles();

  it('are the README and the pages by reader', () => {
    const names = files.map((path) => relative(ROOT, path)).sort();
    expect(names).toEqual(
      expect.arrayContaining([
        'README.md',
        'docs/api.md',
        'docs/cli.md',
        'docs/deploy.md',
        'docs/development.md',
        'docs/operations.md',
        'docs/report.md',
        'docs/sandbox.md',
        'docs/storage.md',
      ]),
    );
  });

  it.each(files.map((path) => [relative(ROOT, path), path]))(
    '%s links only to files and headings that exist',
    (_, path) => {
      expect(brokenLinks(path, readFileSync(path, 'utf8'), readIfFile)).toEqual([]);
    },
  );

  it(`keep the README within ${README_MAX_LINES} lines`, () => {
    expect(lineCount(readFileSync(README, 'utf8'))).toBeLessThanOrEqual(README_MAX_LINES);
  });

  it.each(files.filter((path) => path !== README).map((path) => [relative(ROOT, path), path]))(
    `%s stays within ${DOC_MAX_LINES} lines`,
    (_, path) => {
      expect(lineCount(readFileSync(path, 'utf8'))).toBeLessThanOrEqual(DOC_MAX_LINES);
    },
  );

  it.each(files.map((path) => [relative(ROOT, path), path]))('%s tells no history', (_, path) => {
    const text = readFileSync(path, 'utf8');
    expect(HISTORY_PHRASES.flatMap((phrase) => text.match(phrase) ?? [])).toEqual([]);
  });
});

describe('the sections operator messages name', () => {
  /** `docs/<page>.md, "<heading>"` in an error or an alarm: the reader searches the page for the heading. */
  const named = ['lib', 'infra'].flatMap((folder) =>
    readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' })
      .filter((name) => /\.tsx?$/.test(name))
      .flatMap((name) => [
        ...readFileSync(join(ROOT, folder, name), 'utf8').matchAll(/(docs\/[\w-]+\.md), "([^"]+)"/g),
      ])
      .map((match) => [match[1]!, match[2]!]),
  );

  it('include the delivery alarm advice', () => {
    expect(named).toContainEqual(['docs/operations.md', 'When the delivery alarm fires']);
  });

  it.each(named)('%s has the heading "%s"', (page, heading) => {
    expect(anchorsOf(readFileSync(join(ROOT, page), 'utf8'))).toContain(slugOf(heading));
  });
});
