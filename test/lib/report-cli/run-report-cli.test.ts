import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatUSD } from '../../../lib/report';
import { type ReportCliIo, runReportCli } from '../../../lib/report-cli/run-report-cli';
import { type RunningSandbox, sandboxAccount, startSandbox } from '../../../lib/sandbox';

// The sandbox's data and the CLI's clock share one present, so the month is complete and fixed.
const NOW = new Date('2026-10-15T12:00:00Z');
// With the sandbox's default of 60 paid invoices a month: 10 % others (6) and 1 % unmatched (at least 2).
const PAID = 60;
const OTHERS = 6;
const UNMATCHED = 2;

let sandbox: RunningSandbox;
let outRoot: string;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, seed: 7, now: NOW, apiKey: 'the-right-key' });
  outRoot = await mkdtemp(join(tmpdir(), 'report-cli-'));
});

afterAll(async () => {
  await sandbox.close();
  await rm(outRoot, { recursive: true, force: true });
});

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

async function run(
  argv: string[],
  env: Record<string, string> = {},
  isTTY = false,
  hooks: ReportCliIo['clientHooks'] = {},
): Promise<Run> {
  const out: string[] = [];
  const err: string[] = [];
  const io: ReportCliIo = {
    stdout: { write: (text: string) => out.push(text) },
    stderr: { isTTY, write: (text: string) => err.push(text) },
    env,
    now: () => NOW,
    // Retries of a refused connection happen at once instead of after seconds of backoff.
    clientHooks: { sleep: async () => {}, ...hooks },
  };
  const code = await runReportCli(argv, io);
  return { code, stdout: out.join(''), stderr: err.join('') };
}

const service = () => ({ INVOICING_API_URL: sandbox.url, INVOICING_API_KEY: 'the-right-key' });

/** A loopback port with nothing listening on it. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** `fetch` that passes the first `good` requests through, then answers every later one with an HTML 502. */
function failingAfter(good: number): typeof fetch {
  let calls = 0;
  return async (input, init) => {
    calls += 1;
    if (calls <= good) return fetch(input, init);
    return new Response('<html><body><h1>502 Bad Gateway</h1></body></html>', {
      status: 502,
      headers: { 'content-type': 'text/html' },
    });
  };
}

describe('runReportCli against the sandbox', () => {
  it('exits 1 when the service fails halfway, writing nothing and keeping the older report', async () => {
    const out = join(outRoot, 'halfway');
    expect((await run(['--month', '2026-08', '--out', out], service())).code).toBe(0);
    const folder = join(out, '2026-08');
    const before = await readFile(join(folder, 'paid-invoices.csv'));

    const result = await run(['--month', '2026-08', '--out', out, '--page-size', '5'], service(), false, {
      fetch: failingAfter(4),
      maxRetries: 1,
    });

    expect(result.code).toBe(1);
    expect(
      result.stderr
        .split('\n')
        .filter((line) => line.startsWith('report: '))
        .at(-1),
    ).toMatch(/^report: the report failed: .*502/);
    expect(await readdir(out)).toEqual(['2026-08']);
    expect(await readFile(join(folder, 'paid-invoices.csv'))).toEqual(before);
  });

  it("leaves a key written into the URL's path out of the report, which names the service", async () => {
    // A service that takes the key in its path as well; the fetch takes it out again for the sandbox.
    const keyInPath: typeof fetch = (input, init) =>
      fetch(String(input instanceof Request ? input.url : input).replace('/the-right-key/api/', '/'), init);
    const out = join(outRoot, 'key-in-path');
    const result = await run(
      ['--month', '2026-09', '--out', out],
      { INVOICING_API_URL: `${sandbox.url}/the-right-key/api`, INVOICING_API_KEY: 'the-right-key' },
      false,
      { fetch: keyInPath },
    );

    expect(result.code).toBe(0);
    const summary = JSON.parse(await readFile(join(out, '2026-09', 'summary.json'), 'utf8'));
    expect(summary.source).toEqual({ apiUrl: `${sandbox.url}/[redacted]/api` });
    for (const file of await readdir(join(out, '2026-09'))) {
      expect(await readFile(join(out, '2026-09', file), 'latin1')).not.toContain('the-right-key');
    }
  });

  it('writes the six files of the month and prints the folder and the headline figures', async () => {
    const out = join(outRoot, 'success');
    const result = await run(['--month', '2026-09', '--out', out], service());

    expect(result.code).toBe(0);
    expect(result.stdout).toBe('');
    const folder = join(out, '2026-09');
    expect((await readdir(folder)).sort()).toEqual([
      'paid-invoices.csv',
      'payments.csv',
      'report.html',
      'report.xlsx',
      'summary.json',
      'unmatched-payments.csv',
    ]);
    expect(await readdir(out)).toEqual(['2026-09']);
    expect(result.stderr).toContain(
      `report: wrote ${folder}: report.html, report.xlsx, paid-invoices.csv (${PAID} rows)`,
    );
    expect(result.stderr).toContain(
      `report: September 2026 in UTC: ${PAID} of ${PAID + OTHERS} invoices paid`,
    );
    expect(result.stderr).toContain(`, ${UNMATCHED} unmatched`);
    expect(result.stderr).toContain(`report: ${UNMATCHED} payments wait to be matched`);
    expect(result.stderr).toContain(`unmatched-payments.csv (${UNMATCHED} rows)`);
    const unmatchedCsv = await readFile(join(folder, 'unmatched-payments.csv'), 'utf8');
    // The header and one line per unmatched payment.
    expect(unmatchedCsv.split('\r\n').filter((line) => line !== '')).toHaveLength(1 + UNMATCHED);
    // September in UTC: 1 Sep 00:00 − 12 h is 31 Aug; 1 Oct 00:00 + 14 h is 1 Oct 14:00, so up to 2 Oct.
    expect(result.stderr).toContain(
      "report: reconciliation ok: The service's statistics for the dates 31 Aug 2026 – 2 Oct 2026 agree with the invoices it lists for those dates (",
    );

    const summary = JSON.parse(await readFile(join(folder, 'summary.json'), 'utf8'));
    // The window's figures on stderr are the summary's, and the month's are the line above's.
    const { listed } = summary.reconciliation;
    expect(result.stderr).toContain(
      `report: The service's figures for the dates 31 Aug 2026 – 2 Oct 2026 as it reads them, against the invoices it lists for the same dates: ${listed.paid} paid, ${formatUSD(String(listed.paidTotalUSD))}, of which ${PAID} and ${formatUSD(String(summary.invoices.paidTotalUSD))} fall in September 2026 in UTC (the figures above).`,
    );
    expect(summary.period).toEqual({
      kind: 'month',
      id: '2026-09',
      month: '2026-09',
      timezone: 'UTC',
      start: '2026-09-01T00:00:00.000Z',
      end: '2026-10-01T00:00:00.000Z',
      complete: true,
      asOf: '2026-10-01T00:00:00.000Z',
    });
    expect(summary.invoices.paid).toBe(PAID);
    expect(summary.invoices.total).toBe(PAID + OTHERS);
    expect(summary.source).toEqual({ apiUrl: sandbox.url });
    expect(JSON.stringify(summary)).not.toContain('the-right-key');

    const paid: Record<string, string>[] = parse(await readFile(join(folder, 'paid-invoices.csv')), {
      bom: true,
      columns: true,
    });
    expect(paid).toHaveLength(PAID);
    expect(paid.every((row) => row.status === 'paid' && row.created_at?.startsWith('2026-09-'))).toBe(true);

    const payments: Record<string, string>[] = parse(await readFile(join(folder, 'payments.csv')), {
      bom: true,
      columns: true,
    });
    expect(payments.length).toBe(summary.payments.total);
    expect(payments.every((row) => row.transaction_at?.startsWith('2026-09-'))).toBe(true);
    const unmatched = payments.filter((row) => row.matched === 'false');
    expect(unmatched).toHaveLength(UNMATCHED);
    expect(unmatched.every((row) => row.invoice_id === '' && row.invoice_status === '')).toBe(true);
  });

  it('writes a quarter to DIR/<quarter>/ with its months', async () => {
    const out = join(outRoot, 'quarter');
    const result = await run(['--period', '2026-Q3', '--out', out], service());
    expect(result.code).toBe(0);
    expect(await readdir(out)).toEqual(['2026-Q3']);
    const summary = JSON.parse(await readFile(join(out, '2026-Q3', 'summary.json'), 'utf8'));
    expect(summary.period).toMatchObject({ kind: 'quarter', id: '2026-Q3', complete: true });
    expect(summary.period).not.toHaveProperty('month');
    // Three full months of the sandbox: 60 paid invoices each.
    expect(summary.invoices.months.map((month: { paid: number }) => month.paid)).toEqual([PAID, PAID, PAID]);
    expect(summary.invoices.paid).toBe(3 * PAID);
    expect(result.stderr).toContain(`report: Q3 2026 in UTC: ${3 * PAID} of `);
    // Q3 in UTC: 1 Jul 00:00 − 12 h is 30 Jun; 1 Oct 00:00 + 14 h is 1 Oct 14:00, so up to 2 Oct.
    expect(result.stderr).toContain(
      `of which ${3 * PAID} and ${formatUSD(String(summary.invoices.paidTotalUSD))} fall in Q3 2026 in UTC (the figures above).`,
    );
    expect(result.stderr).toContain('for the dates 30 Jun 2026 – 2 Oct 2026');
  });

  it('says that the current month is reported so far, and up to which instant', async () => {
    const result = await run(['--period', '2026-10', '--out', join(outRoot, 'so-far')], service());
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(
      /report: October 2026 so far, as of 15 Oct 2026, 12:00 \(UTC\): [\d,]+ of /,
    );
    // 15 Oct 12:00 + 14 h is 16 Oct 02:00: the window ends on 17 Oct, and its figures are related to the month so far.
    expect(result.stderr).toMatch(
      /for the dates 30 Sep 2026 – 17 Oct 2026 as it reads them, .* fall in October 2026 so far in UTC \(the figures above\)\./,
    );
    const summary = JSON.parse(await readFile(join(outRoot, 'so-far', '2026-10', 'summary.json'), 'utf8'));
    expect(summary.period).toMatchObject({ complete: false, asOf: '2026-10-15T12:00:00.000Z' });
  });

  it('restricts the files to one project with --project', async () => {
    const all = join(outRoot, 'all-projects');
    const one = join(outRoot, 'one-project');
    expect((await run(['--month', '2026-09', '--out', all], service())).code).toBe(0);
    const allPaid: Record<string, string>[] = parse(
      await readFile(join(all, '2026-09', 'paid-invoices.csv')),
      {
        bom: true,
        columns: true,
      },
    );
    const projectId = allPaid[0]!.project_id!;
    const expected = allPaid.filter((row) => row.project_id === projectId).map((row) => row.invoice_id);

    const result = await run(['--month', '2026-09', '--out', one, '--project', projectId], service());
    expect(result.code).toBe(0);
    const paid: Record<string, string>[] = parse(await readFile(join(one, '2026-09', 'paid-invoices.csv')), {
      bom: true,
      columns: true,
    });
    expect(expected.length).toBeLessThan(allPaid.length);
    expect(paid.map((row) => row.invoice_id)).toEqual(expected);
    const payments: Record<string, string>[] = parse(await readFile(join(one, '2026-09', 'payments.csv')), {
      bom: true,
      columns: true,
    });
    const allPayments: Record<string, string>[] = parse(
      await readFile(join(all, '2026-09', 'payments.csv')),
      { bom: true, columns: true },
    );
    // The month's payments of the project's invoices, none of another project's, none unmatched.
    const expectedPayments = allPayments.filter((row) => row.project_id === projectId);
    expect(expectedPayments.length).toBeGreaterThan(0);
    expect(payments.map((row) => row.payment_id)).toEqual(expectedPayments.map((row) => row.payment_id));
  });

  it('says when --project names a project the service lists no invoice of, as a mistyped id would', async () => {
    const unknown = '3f2a9c1e-5b7d-4e21-9a0c-6d8e1f2a3b4c';
    const result = await run(
      ['--month', '2026-09', '--out', join(outRoot, 'no-such-project'), '--project', unknown],
      service(),
    );
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(
      `report: the service lists no invoice of project ${unknown} for these dates: if you expected some, check the id given to --project\n`,
    );
  });

  it('names the projects on the page from --project-names, keeping the ids in the CSV', async () => {
    const out = join(outRoot, 'project-names');
    const [first] = sandboxAccount(7).projectIds;
    const names = join(outRoot, 'names.json');
    await writeFile(names, JSON.stringify({ [first!]: 'Web <shop>' }));
    const result = await run(['--month', '2026-09', '--out', out, '--project-names', names], service());
    expect(result.code).toBe(0);
    const page = await readFile(join(out, '2026-09', 'report.html'), 'utf8');
    expect(page).toContain(
      `<span title="${first}"><span dir="auto">Web &lt;shop&gt;</span> <span class="short-id">${first!.slice(0, 8)}</span></span>`,
    );
    const csv = await readFile(join(out, '2026-09', 'paid-invoices.csv'), 'utf8');
    expect(csv).toContain(first);
    expect(csv).not.toContain('Web <shop>');
  });

  it.each([
    ['{"shop": "Web shop"}', 'shop: is not a project id (a UUID)'],
    ['["Web shop"]', 'must be an object of project ids and names, such as { "<uuid>": "Web shop" }'],
    ['{"shop": ', 'is not JSON (expected { "<project uuid>": "name", ... })'],
  ])('exits 2, writing nothing, for a --project-names file holding %s', async (text, problem) => {
    const names = join(outRoot, 'bad-names.json');
    await writeFile(names, text);
    const out = join(outRoot, 'bad-names');
    const result = await run(['--month', '2026-09', '--out', out, '--project-names', names], service());
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(`report: --project-names ${names}: ${problem}\n`);
    await expect(readdir(out)).rejects.toThrow(/ENOENT/);
  });

  it('exits 2 for a --project-names file it cannot read', async () => {
    const missing = join(outRoot, 'no-such-names.json');
    const result = await run(['--month', '2026-09', '--project-names', missing], service());
    expect(result.code).toBe(2);
    expect(result.stderr.trimEnd()).toBe(`report: --project-names ${missing}: cannot read the file (ENOENT)`);
  });

  it('reports progress on a terminal by rewriting one line', async () => {
    const result = await run(['--month', '2026-09', '--out', join(outRoot, 'tty')], service(), true);
    expect(result.code).toBe(0);
    expect(result.stderr.startsWith('\rreport: fetching 2026-09 (UTC) from 127.0.0.1:')).toBe(true);
    // August in UTC: 31 Jul 12:00 and 1 Sep 14:00, so 31 Jul – 2 Sep.
    expect(result.stderr).toMatch(
      /\rreport: fetching 2026-09 \(UTC\): listed [\d,]+ invoices for the dates 31 Aug 2026 – 2 Oct 2026, [\d,]+ payments for 31 Aug 2026 – 2 Oct 2026, and [\d,]+ paid invoices for 31 Jul 2026 – 2 Sep 2026 \(for August 2026\)/,
    );
  });

  it('says that authentication failed, exits 1 and writes nothing, for a wrong key', async () => {
    const out = join(outRoot, 'wrong-key');
    const result = await run(['--month', '2026-09', '--out', out], {
      INVOICING_API_URL: sandbox.url,
      INVOICING_API_KEY: 'a-wrong-key-4711',
    });
    expect(result.code).toBe(1);
    const lines = result.stderr
      .split('\n')
      .filter((line) => line.startsWith('report: ') && !line.includes('fetching'));
    expect(lines).toEqual([
      `report: authentication failed: the invoicing service at ${sandbox.url} refused the API key (HTTP 401); the key comes from INVOICING_API_KEY: set it to the account's API key (or pass one with --api-key)`,
    ]);
    expect(result.stderr).not.toContain('a-wrong-key-4711');
    await expect(readdir(out)).rejects.toThrow(/ENOENT/);
  });

  it('says a refused key came from --api-key when it was given there', async () => {
    const out = join(outRoot, 'wrong-key-option');
    // The right key in the variable: the option wins over it.
    const result = await run(
      ['--month', '2026-09', '--out', out, '--api-key', 'a-wrong-key-4712'],
      service(),
    );
    expect(result.code).toBe(1);
    expect(result.stderr.trimEnd().split('\n').at(-1)).toBe(
      `report: authentication failed: the invoicing service at ${sandbox.url} refused the API key (HTTP 401); the key comes from --api-key: give the account's API key there (or set INVOICING_API_KEY and leave --api-key out)`,
    );
    expect(result.stderr).not.toContain('a-wrong-key-4712');
  });

  it('names the URL it could not reach, exits 1 and writes nothing', async () => {
    const out = join(outRoot, 'unreachable');
    const url = `http://127.0.0.1:${await closedPort()}`;
    const result = await run(['--month', '2026-09', '--out', out, '--api-url', url, '--api-key', 'k-123']);
    expect(result.code).toBe(1);
    expect(result.stderr.trimEnd().split('\n').at(-1)).toBe(
      `report: could not reach the invoicing service at ${url} (ECONNREFUSED)`,
    );
    await expect(readdir(out)).rejects.toThrow(/ENOENT/);
  });

  it.each([
    [
      ['--month', '2026-13'],
      'report: invalid period "2026-13": expected a month YYYY-MM, a quarter YYYY-Qn or a year YYYY',
    ],
    [['--period', '0099-12'], 'report: period 0099-12 is out of range: reports cover the years 2000 to 9999'],
    [['--period', '0000-01'], 'report: period 0000-01 is out of range: reports cover the years 2000 to 9999'],
    [['--month', '2026-11'], 'report: 2026-11 has not begun yet in UTC: no report for it yet'],
    [
      ['--timezone', 'Mars/Olympus'],
      'report: unknown time zone "Mars/Olympus": expected an IANA name such as UTC or Europe/Berlin',
    ],
    [['--concurrency', 'lots'], /^report: --concurrency must be a whole number/],
  ])('exits 2 with one line for %j', async (argv, message) => {
    const result = await run(argv, service());
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr.endsWith('\n')).toBe(true);
    expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(result.stderr.trimEnd()).toMatch(message);
  });

  it('exits 2 when neither the options nor the environment give a key', async () => {
    const result = await run(['--api-url', sandbox.url]);
    expect(result).toEqual({
      code: 2,
      stdout: '',
      stderr: 'report: no API key: set INVOICING_API_KEY (or pass --api-key)\n',
    });
  });

  it('exits 2 for a key the client cannot send, without showing it', async () => {
    const result = await run(['--api-key', 'has spaces in it', '--api-url', sandbox.url]);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      'report: invalid invoicing client options: apiKey: expected printable ASCII without spaces\n',
    );
    expect(result.stderr).not.toContain('has spaces in it');
  });

  it('leaves words alone that merely contain a one-letter key', async () => {
    const result = await run(['--month', '2026-13', '--api-url', sandbox.url, '--api-key', 'x']);
    expect(result).toMatchObject({
      code: 2,
      stderr:
        'report: invalid period "2026-13": expected a month YYYY-MM, a quarter YYYY-Qn or a year YYYY\n',
    });
  });
});
