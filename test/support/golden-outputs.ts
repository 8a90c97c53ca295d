/**
 * `npm run golden -- OUTDIR` (or `npx tsx test/support/golden-outputs.ts OUTDIR`; emptied first): every
 * output a person sees for the sandbox's October 2026, for `diff -r` between two versions: the report
 * command's folders, the monthly run's emails and saved files, the report API's answers. Besides, the
 * report command's folders for the branches October never takes (a quarter, a year and a month so far,
 * one project, a month without records, figures that fail the reconciliation, hostile values), with
 * the email of three. Ports and build ids become fixed words; the workbook is unzipped into its XML parts,
 * without its zip timestamps. The clock is fixed (`NOW`), and the bytes depend neither on the machine's
 * time zone nor on its locale (`test/golden/outputs.test.ts` compares them with the committed hashes).
 */
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Big from 'big.js';
import JSZip from 'jszip';
import { createInvoicingClient } from '../../lib/invoicing';
import { readSesStore, startLocalStack } from '../../lib/local';
import { type ReportEmailOptions, renderReportEmail, renderReportText } from '../../lib/render';
import { buildReport, disposeReport } from '../../lib/report';
import { runReportCli } from '../../lib/report-cli';
import { sandboxAccount, startSandbox } from '../../lib/sandbox';
import { paidInvoiceText, startHostileService } from './hostile-service';
import { LONG_AMOUNT, LONG_FIAT_AMOUNT, LONG_PROJECT_NAME } from './widest-values';

/** Mid-November 2026: the monthly run builds October, which has ended in every zone. */
const NOW = new Date('2026-11-15T12:00:00Z');
const PERIOD = '2026-10';
/** Before the sandbox's first month: it has no records. */
const EMPTY_PERIOD = '2024-06';
const HOSTILE_KEY = 'golden-hostile-key';
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

interface Service {
  url: string;
  apiKey: string;
}

/** The report command's folders (`<period>/`) and what it said, for `args` before `--out` and `--api-url`. */
async function cliReport(out: GoldenWriter, service: Service, name: string, args: string[]): Promise<void> {
  const { url: sandboxUrl, apiKey } = service;
  const folder = await mkdtemp(join(tmpdir(), 'golden-cli-'));
  try {
    const [stdout, stderr]: [string[], string[]] = [[], []];
    const code = await runReportCli([...args, '--out', folder, '--api-url', sandboxUrl], {
      stdout: { write: (text: string) => stdout.push(text), isTTY: false },
      stderr: { write: (text: string) => stderr.push(text), isTTY: false },
      env: { INVOICING_API_KEY: apiKey },
      now: () => NOW,
    });
    const host = new URL(sandboxUrl).host;
    const words = (text: string) =>
      text.replaceAll(sandboxUrl, 'SANDBOX').replaceAll(host, 'SANDBOX-HOST').replaceAll(folder, 'OUT');
    await out.put(`cli-${name}/exit-code.txt`, `${code}\n`);
    await out.put(`cli-${name}/stdout.txt`, stdout.join(''), words);
    await out.put(`cli-${name}/stderr.txt`, stderr.join(''), words);
    for (const period of (await readdir(folder)).sort()) {
      const written = join(folder, period);
      for (const file of (await readdir(written)).sort()) {
        await out.putReportFile(`cli-${name}/${period}/${file}`, await readFile(join(written, file)), words);
      }
    }
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** Example links of an email rendered outside a run (the monthly run's own are in `email/`). */
const EMAIL_OPTIONS = {
  links: Object.fromEntries(
    ['report', 'workbook', 'paidInvoicesCsv', 'paymentsCsv', 'allReports'].map((key) => [
      key,
      `https://reports.example.com/${key}`,
    ]),
  ) as ReportEmailOptions['links'],
  fileNames: {
    workbook: 'report.xlsx',
    paidInvoicesCsv: 'paid-invoices.csv',
    paymentsCsv: 'payments.csv',
  },
  attachmentsIncluded: false,
};

/** The email (HTML and text) of `period`'s report, as `cliReport` names its folder `name`. */
async function cliEmail(out: GoldenWriter, service: Service, name: string, period: string): Promise<void> {
  const client = createInvoicingClient({ baseUrl: service.url, apiKey: service.apiKey });
  const report = await buildReport(
    client,
    { period, timezone: 'UTC' },
    { apiUrl: 'https://api.example.com', now: NOW },
  );
  try {
    await out.put(`cli-${name}/email/body.html`, renderReportEmail(report, EMAIL_OPTIONS));
    await out.put(`cli-${name}/email/body.txt`, renderReportText(report, EMAIL_OPTIONS));
  } finally {
    await disposeReport(report);
  }
}

/** Paid invoices of October 2026 (days 2 to 4) with the widest amounts and texts that try to break out. */
const HOSTILE_INVOICES = [
  { amount: LONG_AMOUNT, description: '=HYPERLINK("http://evil.example","Click")' },
  { amount: '0.000000000000000001', description: '<script>alert(1)</script>&amp;' },
  {
    amount: LONG_FIAT_AMOUNT,
    currencyFiat: 'JPY',
    description: `${LONG_PROJECT_NAME}\r\n\u202eevil\u202c 👍🏽 "quoted", ;semicolon`,
  },
];
const HOSTILE_AMOUNTS = HOSTILE_INVOICES.map(({ amount }) => amount);
const sum = (amounts: string[]) =>
  amounts.reduce((total, amount) => total.plus(amount), new Big(0)).toFixed();
/** The statistics that agree with `HOSTILE_INVOICES`, so that every check passes. */
const HOSTILE_STATISTICS = {
  invoicesTotalNum: 3,
  invoicesPaidNum: 3,
  invoicesTotalUSD: sum(HOSTILE_AMOUNTS),
  invoicesByProjects: { 'd0000000-0000-4000-8000-000000000001': sum(HOSTILE_AMOUNTS) },
  invoicesByCurrencies: { EUR: sum(HOSTILE_AMOUNTS.slice(0, 2)), JPY: LONG_FIAT_AMOUNT },
  invoicesByMonths: { 'October-2026': sum(HOSTILE_AMOUNTS) },
  invoicesByDate: Object.fromEntries(
    HOSTILE_AMOUNTS.map((value, index) => [
      `2026-10-0${index + 2}`,
      { date: Date.UTC(2026, 9, index + 2), value },
    ]),
  ),
};

/** The report command's other branches: other periods, one project, no records, failed checks, hostile values. */
async function cliVariants(out: GoldenWriter, sandbox: Service): Promise<void> {
  const { projectIds } = sandboxAccount(1);
  await cliReport(out, sandbox, 'quarter', ['--period', '2026-Q3', '--timezone', 'UTC']);
  await cliReport(out, sandbox, 'year-so-far', ['--period', '2026', '--timezone', 'UTC']);
  await cliReport(out, sandbox, 'month-so-far', ['--period', '2026-11', '--timezone', 'Europe/Berlin']);
  await cliReport(out, sandbox, 'project', ['--period', PERIOD, '--project', projectIds[1]!]);
  await cliReport(out, sandbox, 'empty', ['--period', EMPTY_PERIOD]);
  await cliEmail(out, sandbox, 'empty', EMPTY_PERIOD);

  // A paid invoice that the statistics count and the lists never return.
  const extra = { amountUSD: '250.00', createDatetime: '2026-10-14 09:30:00' };
  const differing = await startSandbox({ port: 0, now: NOW, statsExtraPaid: [extra] });
  try {
    await cliReport(out, differing, 'reconciliation-fails', ['--period', PERIOD]);
    await cliEmail(out, differing, 'reconciliation-fails', PERIOD);
  } finally {
    await differing.close();
  }

  const hostile = await startHostileService(
    {
      invoices: HOSTILE_INVOICES.map((invoice, index) => paidInvoiceText(index + 1, invoice)),
      statistics: HOSTILE_STATISTICS,
    },
    HOSTILE_KEY,
  );
  try {
    const service = { url: hostile.url, apiKey: HOSTILE_KEY };
    await cliReport(out, service, 'hostile', ['--period', PERIOD]);
    await cliEmail(out, service, 'hostile', PERIOD);
  } finally {
    await hostile.close();
  }
}

/** Writes every output into `outDir`, emptied first. */
export async function writeGoldenOutputs(outDir: string): Promise<void> {
  await rm(outDir, { recursive: true, force: true });
  await mkdir(outDir, { recursive: true });
  const out = new GoldenWriter(outDir);

  const sandbox = await startSandbox({ port: 0, now: NOW });
  try {
    await cliReport(out, sandbox, 'utc', ['--period', PERIOD, '--timezone', 'UTC']);
    await cliReport(out, sandbox, 'berlin', ['--period', PERIOD, '--timezone', 'Europe/Berlin']);
    await cliVariants(out, sandbox);
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
