/**
 * `npm run golden -- OUTDIR` (or `npx tsx test/support/golden-outputs.ts OUTDIR`; emptied first): every
 * output a person sees for the sandbox's October 2026, for `diff -r` between two versions: the report
 * command's folders, the monthly run's emails and saved files, the report API's answers. Ports and build
 * ids become fixed words; the workbook is unzipped into its XML parts, without its zip timestamps. The
 * clock is fixed (`NOW`), and the bytes depend neither on the machine's time zone nor on its locale
 * (`test/golden/outputs.test.ts` compares them with the committed hashes).
 */
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import JSZip from 'jszip';
import { readSesStore, startLocalStack } from '../../lib/local';
import { runReportCli } from '../../lib/report-cli';
import { startSandbox } from '../../lib/sandbox';

/** Mid-November 2026: the monthly run builds October, which has ended in every zone. */
const NOW = new Date('2026-11-15T12:00:00Z');
const PERIOD = '2026-10';
const ACCOUNT = 'demo';
const OPERATOR_TOKEN = 'golden-operator-token';
/** Fixed keys, so that signed links and account tokens come out the same in every run. */
const FIXED_KEYS = {
  'link-signing-key': 'a1'.repeat(32),
  'account-token-key': 'b2'.repeat(32),
};

/** Replacements that make two runs on the same code write the same bytes. */
const FIXED_REPLACEMENTS: readonly [RegExp | string, string][] = [
  [/\d{8}T\d{9}Z-[0-9a-f]{12}/g, 'BUILD-ID'],
  // The SES emulator's message ids are random.
  [/"messageId": "[^"]*"/g, '"messageId": "MESSAGE-ID"'],
  // exceljs stamps the workbook's modified time with the wall clock.
  [/<dcterms:modified([^>]*)>[^<]*</g, '<dcterms:modified$1>MODIFIED<'],
];

type Words = (text: string) => string;

const TEXT_FILE = /\.(html|csv|json|txt|xml|rels)$/;

/** Writes files under `outDir`, text normalised with `replacements` (the fixed ones, then each server's URL). */
class GoldenWriter {
  readonly replacements = [...FIXED_REPLACEMENTS];

  constructor(private readonly outDir: string) {}

  async put(path: string, content: string | Uint8Array, words: Words = (text) => text): Promise<void> {
    const target = join(this.outDir, path);
    await mkdir(dirname(target), { recursive: true });
    const normalise = (text: string) =>
      this.replacements.reduce((result, [pattern, word]) => result.replaceAll(pattern, word), text);
    await writeFile(target, typeof content === 'string' ? normalise(words(content)) : content);
  }

  putJson(path: string, value: unknown): Promise<void> {
    return this.put(path, `${JSON.stringify(value, null, 2)}\n`);
  }

  /** Writes one report file: text normalised, the workbook as its XML parts. */
  async putReportFile(path: string, bytes: Uint8Array, words?: Words): Promise<void> {
    if (path.endsWith('.xlsx')) {
      const zip = await JSZip.loadAsync(bytes);
      const parts = Object.values(zip.files).filter((entry) => !entry.dir);
      await this.put(`${path}.parts.txt`, `${parts.map((entry) => entry.name).join('\n')}\n`);
      for (const entry of parts)
        await this.put(`${path}.d/${entry.name}`, await entry.async('string'), words);
      return;
    }
    if (TEXT_FILE.test(path)) await this.put(path, Buffer.from(bytes).toString('utf8'), words);
    else await this.put(path, bytes);
  }
}

/** The report command's folder and what it said, for one time zone. */
async function cliReport(
  out: GoldenWriter,
  { url: sandboxUrl, apiKey }: { url: string; apiKey: string },
  timezone: string,
  name: string,
): Promise<void> {
  const folder = await mkdtemp(join(tmpdir(), 'golden-cli-'));
  try {
    const [stdout, stderr]: [string[], string[]] = [[], []];
    const code = await runReportCli(
      ['--period', PERIOD, '--timezone', timezone, '--out', folder, '--api-url', sandboxUrl],
      {
        stdout: { write: (text: string) => stdout.push(text), isTTY: false },
        stderr: { write: (text: string) => stderr.push(text), isTTY: false },
        env: { INVOICING_API_KEY: apiKey },
        now: () => NOW,
      },
    );
    const host = new URL(sandboxUrl).host;
    const words = (text: string) =>
      text.replaceAll(sandboxUrl, 'SANDBOX').replaceAll(host, 'SANDBOX-HOST').replaceAll(folder, 'OUT');
    await out.put(`cli-${name}/exit-code.txt`, `${code}\n`);
    await out.put(`cli-${name}/stdout.txt`, stdout.join(''), words);
    await out.put(`cli-${name}/stderr.txt`, stderr.join(''), words);
    const written = join(folder, PERIOD);
    for (const file of (await readdir(written)).sort()) {
      await out.putReportFile(`cli-${name}/${PERIOD}/${file}`, await readFile(join(written, file)), words);
    }
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** Writes every output into `outDir`, emptied first. */
export async function writeGoldenOutputs(outDir: string): Promise<void> {
  await rm(outDir, { recursive: true, force: true });
  await mkdir(outDir, { recursive: true });
  const out = new GoldenWriter(outDir);

  const sandbox = await startSandbox({ port: 0, now: NOW });
  try {
    await cliReport(out, sandbox, 'UTC', 'utc');
    await cliReport(out, sandbox, 'Europe/Berlin', 'berlin');
  } finally {
    await sandbox.close();
  }

  const stateDir = await mkdtemp(join(tmpdir(), 'golden-stack-'));
  for (const [file, key] of Object.entries(FIXED_KEYS)) {
    await writeFile(join(stateDir, file), `${key}\n`, { mode: 0o600 });
  }
  const stack = await startLocalStack({
    ports: { reportApi: 0, sandbox: 0, s3Emulator: 0, sesEmulator: 0 },
    stateDir,
    reportApiToken: OPERATOR_TOKEN,
    now: () => NOW,
  });
  try {
    for (const [url, word] of [
      [stack.reportApiUrl, 'REPORT-API'],
      [stack.sandboxUrl, 'SANDBOX'],
      [stack.s3Endpoint, 'S3'],
      [stack.sesEndpoint, 'SES'],
    ] as const) {
      out.replacements.push([url, word], [new URL(url).host, `${word}-HOST`]);
    }

    await out.putJson(
      'local-stack/runs.json',
      stack.reports.map(({ s3Folder: _folder, ...run }) => run),
    );

    const emails = (await readSesStore(stack.sesEndpoint)).sort((a, b) =>
      a.destination.to.join().localeCompare(b.destination.to.join()),
    );
    for (const [index, { from, destination, subject, body, attachments }] of emails.entries()) {
      const dir = `email/${index}-${destination.to.join(',')}`;
      await out.putJson(`${dir}/envelope.json`, { from, destination, subject });
      await out.put(`${dir}/body.html`, body.html ?? '');
      await out.put(`${dir}/body.txt`, body.text ?? '');
      // Not the size: a workbook's zip holds the wall clock's time.
      const listed = attachments.map(({ filename, contentType }) => ({ filename, contentType }));
      await out.putJson(`${dir}/attachments.json`, listed);
      for (const { filename, content } of attachments) {
        await out.putReportFile(`${dir}/attachments/${filename}`, Buffer.from(content, 'base64'));
      }
    }

    const api = stack.reportApiUrl;
    const asOperator = { Authorization: `Bearer ${OPERATOR_TOKEN}` };
    const answers: [string, string, Record<string, string>][] = [
      ['home.html', '/', { Accept: 'text/html' }],
      ['health.json', '/health', {}],
      ['reports-list.html', `/reports/${ACCOUNT}`, { ...asOperator, Accept: 'text/html' }],
      ['reports-list.json', `/reports/${ACCOUNT}`, { ...asOperator, Accept: 'application/json' }],
      ['report.json', `/reports/${ACCOUNT}/${PERIOD}`, { ...asOperator, Accept: 'application/json' }],
      ['error-bad-period.html', `/reports/${ACCOUNT}/2026-13`, { ...asOperator, Accept: 'text/html' }],
      ['error-bad-period.json', `/reports/${ACCOUNT}/2026-13`, { ...asOperator, Accept: 'application/json' }],
      ['error-no-credential.html', `/reports/${ACCOUNT}/${PERIOD}`, { Accept: 'text/html' }],
      ['error-unknown-account.json', `/reports/nobody/${PERIOD}`, { ...asOperator }],
      [
        'error-unknown-file.html',
        `/reports/${ACCOUNT}/${PERIOD}/nothing.txt`,
        { ...asOperator, Accept: 'text/html' },
      ],
    ];
    const link = stack.reports.find((run) => run.account === ACCOUNT)?.allReportsLink;
    if (link) {
      const { pathname, search } = new URL(link);
      answers.push(['reports-list-signed.html', pathname + search, { Accept: 'text/html' }]);
    }
    for (const [name, path, headers] of answers) {
      const response = await fetch(`${api}${path}`, { headers, redirect: 'manual' });
      const head = `${response.status} ${response.headers.get('content-type') ?? ''}\n`;
      await out.put(`api/${name}.status.txt`, head);
      await out.put(`api/${name}`, await response.text());
    }

    const files = ['report.html', 'report.xlsx', 'paid-invoices.csv', 'payments.csv', 'summary.json'];
    const headers = { ...asOperator, Accept: 'application/json' };
    const listed = await fetch(`${api}/reports/${ACCOUNT}/${PERIOD}`, { headers });
    const names = Object.keys(((await listed.json()) as { files: Record<string, string> }).files);
    for (const file of names.length ? names.sort() : files) {
      const response = await fetch(`${api}/reports/${ACCOUNT}/${PERIOD}/${file}`, {
        headers: asOperator,
        redirect: 'manual',
      });
      const location = response.headers.get('location');
      await out.put(`saved/${file}.status.txt`, `${response.status}\n`);
      if (!location) continue;
      const saved = await fetch(location);
      await out.putReportFile(`saved/${file}`, new Uint8Array(await saved.arrayBuffer()));
    }
  } finally {
    await stack.close();
    await rm(stateDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const outDir = process.argv[2];
  if (!outDir) {
    process.stderr.write('usage: npm run golden -- OUTDIR\n');
    process.exit(2);
  }
  await writeGoldenOutputs(outDir);
}
