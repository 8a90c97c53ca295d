import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ReportCliIo, runReportCli } from '../../../lib/report-cli/run-report-cli';
import { startVariantService, type Variant } from './support/variant-service';

// September 2026 has ended; the stand-in's records run from 31 Aug to 2 Oct.
const NOW = new Date('2026-10-15T12:00:00Z');
const PROJECT = 'dddddddd-0000-4000-8000-000000000001';

let outRoot: string;
beforeAll(async () => {
  outRoot = await mkdtemp(join(tmpdir(), 'variant-services-'));
});
afterAll(async () => {
  await rm(outRoot, { recursive: true, force: true });
});

async function runCli(argv: string[], url: string) {
  const err: string[] = [];
  const io: ReportCliIo = {
    stdout: { write: () => true },
    stderr: { isTTY: false, write: (text: string) => err.push(text) },
    env: { INVOICING_API_URL: url, INVOICING_API_KEY: 'the-key' },
    now: () => NOW,
    clientHooks: { sleep: async () => {} },
  };
  const code = await runReportCli(argv, io);
  return { code, stderr: err.join('') };
}

/** Cents of a sum of thousandths of a dollar, rounded half up once. */
const centsOf = (thousandths: number) => Math.floor((thousandths + 5) / 10);

/** Runs the CLI for September 2026 against the stand-in, and works out by hand what it should report. */
async function reportAgainst(name: string, variant: Variant, project?: string) {
  const service = await startVariantService(variant);
  try {
    const out = join(outRoot, name);
    const projectArgs = project === undefined ? [] : ['--project', project];
    const result = await runCli(['--month', '2026-09', '--out', out, ...projectArgs], service.url);
    const inProject = (projectId: string) =>
      project === undefined || projectId.toLowerCase() === project.toLowerCase();
    const september = service.invoices.filter(
      (invoice) => invoice.createDatetime.startsWith('2026-09') && inProject(invoice.projectId),
    );
    const paid = september.filter((invoice) => invoice.status === 'paid');
    const payments = service.payments.filter(
      (payment) =>
        payment.transactionDatetime.startsWith('2026-09') &&
        (project === undefined || (payment.invoice !== undefined && inProject(payment.invoice.projectId))),
    );
    return { result, folder: join(out, '2026-09'), out, september, paid, payments };
  } finally {
    await service.close();
  }
}

async function csvIds(file: string, column: string): Promise<string[]> {
  const rows: Record<string, string>[] = parse(await readFile(file), { bom: true, columns: true });
  return rows.map((row) => row[column]!.toLowerCase()).sort();
}

/** The report is right to the cent, every record once, and the reconciliation agrees. */
async function expectRightReport(name: string, variant: Variant, project?: string) {
  const { result, folder, september, paid, payments } = await reportAgainst(name, variant, project);
  expect(result.code, result.stderr).toBe(0);
  const summary = JSON.parse(await readFile(join(folder, 'summary.json'), 'utf8'));
  expect(summary.invoices.total).toBe(september.length);
  expect(summary.invoices.paid).toBe(paid.length);
  const usd = centsOf(paid.reduce((sum, invoice) => sum + invoice.usdMilli, 0));
  const commission = centsOf(paid.reduce((sum, invoice) => sum + invoice.commissionMilli, 0));
  expect(Math.round(summary.invoices.paidTotalUSD * 100)).toBe(usd);
  expect(Math.round(summary.invoices.commissionTotalUSD * 100)).toBe(commission);
  expect(summary.payments.total).toBe(payments.length);
  expect(summary.payments.unmatched).toBe(payments.filter((payment) => !payment.invoice).length);
  expect(summary.reconciliation.ok, JSON.stringify(summary.reconciliation.checks)).toBe(true);
  expect(await csvIds(join(folder, 'paid-invoices.csv'), 'invoice_id')).toEqual(
    paid.map((invoice) => invoice.id).sort(),
  );
  expect(await csvIds(join(folder, 'payments.csv'), 'payment_id')).toEqual(
    payments.map((payment) => payment.id).sort(),
  );
}

/** The run fails with one line naming the problem, and writes nothing. */
async function expectClearFailure(name: string, variant: Variant, problem: RegExp) {
  const { result, out } = await reportAgainst(name, variant);
  expect(result.code, result.stderr).toBe(1);
  expect(result.stderr.trimEnd().split('\n').at(-1)).toMatch(problem);
  expect(await readdir(out).catch(() => [])).toEqual([]);
}

describe('the report against services that read the spec differently, over HTTP', () => {
  it('is right against numbers, ascending order and empty arrays', async () => {
    await expectRightReport('plain', {});
  });

  it('is right against amounts as strings, UUIDs in capitals, newest first, 404 past the end and a cap of 30', async () => {
    await expectRightReport('strings-capitals', {
      amounts: 'string',
      uuidCase: 'upper',
      order: 'desc',
      pastEnd: '404',
      maxLimit: 30,
    });
  });

  it('is right against {} for an empty page, left-out texts, extra members, gzip and id order', async () => {
    await expectRightReport('extra-gzip', {
      emptyAs: 'object',
      nullText: 'missing',
      extraMembers: true,
      encoding: 'gzip',
      order: 'id',
    });
  });

  it('is right against null blocks and pages, raw deflate, a text/html type and an exclusive endDate', async () => {
    await expectRightReport('null-deflate', {
      absentBlocks: 'null',
      emptyAs: 'null',
      encoding: 'deflate-raw',
      contentType: 'text/html; charset=UTF-8',
      endExclusive: true,
    });
  });

  it('is right against [] blocks, empty texts, no data on empty pages, and br', async () => {
    await expectRightReport('br', {
      absentBlocks: 'empty-array',
      nullText: 'empty',
      emptyAs: 'missing',
      encoding: 'br',
    });
  });

  it('is right against empty pages answered 404, 204 or a result other than success past the end', async () => {
    await expectRightReport('empty-404', { emptyAs: '404' });
    await expectRightReport('empty-204', { emptyAs: '204' });
    await expectRightReport('empty-error', { emptyAs: 'error200' });
  });

  it('is right for an account with nothing at all', async () => {
    await expectRightReport('nothing', { invoices: 0, payments: 0, pastEnd: '404' });
  });

  it('reports the project asked for in small letters from a service that writes UUIDs in capitals', async () => {
    await expectRightReport('project-service-capitals', { uuidCase: 'upper' }, PROJECT);
  });

  it('reports the project asked for in capitals from a service that writes UUIDs in small letters', async () => {
    await expectRightReport('project-asked-capitals', {}, PROJECT.toUpperCase());
  });

  it("is right against statistics that add up each invoice's USD amount rounded to the cent", async () => {
    await expectRightReport('stats-in-cents', { statsPerInvoiceCents: true });
  });

  it('fails clearly, writing nothing, on statuses in capitals', async () => {
    await expectClearFailure(
      'status-capitals',
      { statusCase: 'upper' },
      /^report: the report failed: .*data\[0\]\.status/,
    );
  });

  it('fails clearly, writing nothing, on a service that answers past the end with its last page', async () => {
    await expectClearFailure('last-page', { pastEnd: 'lastPage' }, /^report: the report failed: .*offset/);
  });
});
