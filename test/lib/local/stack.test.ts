import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Client } from '../../../lib/delivery';
import { readSesStore, type StoredEmail, startS3Emulator } from '../../../lib/local/emulators';
import { LocalStackError } from '../../../lib/local/errors';
import type { LocalService } from '../../../lib/local/settings';

import {
  LOCAL_BUCKET,
  type LocalAccountReport,
  type LocalStack,
  probePort,
  startLocalStack,
} from '../../../lib/local/stack';
import { serveOnLoopback } from '../../../lib/sandbox';
import { freePorts } from '../../support/free-ports';

/** Early November: the stack builds October, and the sandbox's data covers the 14 months before. */
const NOW = new Date('2026-11-05T10:00:00Z');
/** NOW plus the default 30 days of a link, in unix seconds: 2026-12-05T10:00:00Z. */
const LINK_EXPIRES = 1796464800;
type LocalStackPorts = Record<LocalService, number>;
const ANY_FREE_PORTS: LocalStackPorts = { reportApi: 0, sandbox: 0, s3Emulator: 0, sesEmulator: 0 };
const TOKEN = 'stack-test-token';

function portOf(url: string): number {
  return Number(new URL(url).port);
}

function stackPorts(stack: LocalStack): number[] {
  return [stack.reportApiUrl, stack.sandboxUrl, stack.s3Endpoint, stack.sesEndpoint].map(portOf);
}

/** Mail the SES emulator holds for an account whose links point at this report API (the store is shared in a process). */
async function emailsOf(stack: LocalStack, account = 'demo'): Promise<StoredEmail[]> {
  const emails = await readSesStore(stack.sesEndpoint);
  return emails.filter((email) => email.body.html?.includes(`${stack.reportApiUrl}/reports/${account}/`));
}

/** The report of an account, as the stack says where to look. */
function reportOf(stack: LocalStack, account: string): LocalAccountReport {
  const report = stack.reports.find((each) => each.account === account);
  if (!report) throw new Error(`no report for ${account}`);
  return report;
}

/** What delivery did for an account at start: `sent`, `already-sent`, or `failed`. */
function statusOf(stack: LocalStack, account: string): string {
  const { outcome } = reportOf(stack, account);
  return outcome.status === 'delivered' ? outcome.delivery.status : outcome.status;
}

describe('startLocalStack', () => {
  let stateDir: string;
  let stack: LocalStack;
  let second: LocalStack | undefined;
  let later: LocalStack | undefined;
  const lines: string[] = [];

  beforeAll(async () => {
    stateDir = await mkdtemp(join(tmpdir(), 'local-stack-'));
    stack = await startLocalStack({
      ports: ANY_FREE_PORTS,
      stateDir,
      now: () => NOW,
      reportApiToken: TOKEN,
      sandboxApiKey: 'stack-test-key',
      log: (line) => lines.push(line),
    });
  });

  afterAll(async () => {
    await stack?.close();
    await second?.close();
    await later?.close();
    await rm(stateDir, { recursive: true, force: true });
  });

  it('builds last month in each account time zone and says where everything is', async () => {
    expect(stack.reports.map((report) => [report.account, report.timezone, report.month])).toEqual([
      ['demo', 'UTC', '2026-10'],
      // 19:00 on 5 November in Tokyo: last month is October there too.
      ['demo-tokyo', 'Asia/Tokyo', '2026-10'],
    ]);
    expect(statusOf(stack, 'demo')).toBe('sent');
    expect(statusOf(stack, 'demo-tokyo')).toBe('sent');
    expect(stack.reportApiUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(stack.reportApiToken).toBe(TOKEN);
    expect(stack.mailViewerUrl).toBe(`${stack.sesEndpoint}/`);
    expect(stack.linkLifetimeDays).toBe(30);
    expect(stack.linkExpiresAt.getTime()).toBe(LINK_EXPIRES * 1000);
    for (const account of ['demo', 'demo-tokyo']) {
      const report = reportOf(stack, account);
      expect(report.signedReportLink).toMatch(
        new RegExp(
          `^${stack.reportApiUrl}/reports/${account}/2026-10/report\\.html\\?expires=${LINK_EXPIRES}&signature=[0-9a-f]{64}$`,
        ),
      );
      expect(report.s3Location).toBe(`s3://invoice-reports-local/reports/${account}/2026-10/`);
      expect(report.s3Folder).toBe(join(stateDir, `s3/invoice-reports-local/reports/${account}/2026-10/`));
      expect(await readdir(report.s3Folder)).toEqual(
        expect.arrayContaining(['builds', 'delivery.json._S3rver_object', 'manifest.json._S3rver_object']),
      );
      // One build, whose folder holds the files.
      const builds = await readdir(join(report.s3Folder, 'builds'));
      expect(builds).toHaveLength(1);
      expect(await readdir(join(report.s3Folder, 'builds', builds[0]!))).toEqual(
        expect.arrayContaining([
          'paid-invoices.csv._S3rver_object',
          'payments.csv._S3rver_object',
          'report.html._S3rver_object',
          'summary.json._S3rver_object',
        ]),
      );
    }
  });

  it('keeps its state, the S3 emulator objects included, readable by its owner only', async () => {
    for (const folder of [stateDir, join(stateDir, 's3'), join(stateDir, 'work')]) {
      expect(((await stat(folder)).mode & 0o777).toString(8)).toBe('700');
    }
    for (const key of ['link-signing-key', 'account-token-key']) {
      expect(((await stat(join(stateDir, key))).mode & 0o777).toString(8)).toBe('600');
    }
  });

  it("emails each account's report once to its recipients, from the demo sender, with the workbook and both CSVs", async () => {
    const [email] = await emailsOf(stack, 'demo');
    expect(await emailsOf(stack, 'demo')).toHaveLength(1);
    expect(email?.destination.to).toEqual(['accounting@example.com']);
    expect(email?.from).toBe('reports@example.com');
    expect(email?.subject).toMatch(/^Demo merchant · October 2026 · /);
    expect(email?.attachments.map((attachment) => attachment.filename).sort()).toEqual([
      'demo-2026-10-paid-invoices.csv',
      'demo-2026-10-payments.csv',
      'demo-2026-10-report.xlsx',
    ]);
    const tokyo = await emailsOf(stack, 'demo-tokyo');
    expect(tokyo.map((each) => [each.destination.to, each.subject.split(' · ').slice(0, 2)])).toEqual([
      [['tokyo-office@example.com'], ['Demo merchant Tokyo', 'October 2026']],
    ]);
  });

  it('opens the HTML report from the signed link: a redirect to the S3 emulator', async () => {
    const redirect = await fetch(reportOf(stack, 'demo').signedReportLink!, { redirect: 'manual' });
    expect(redirect.status).toBe(302);
    const location = redirect.headers.get('location') ?? '';
    const builds = `${stack.s3Endpoint}/invoice-reports-local/reports/demo/2026-10/builds/`;
    expect(location.startsWith(builds)).toBe(true);
    expect(location.slice(builds.length)).toMatch(/^\d{8}T\d{9}Z-[0-9a-f]{12}\/report\.html\?/);
    const page = await fetch(location);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect((await page.text()).startsWith('<!doctype html>')).toBe(true);
  });

  it("gives each account its own token, which reads that account's reports and no other's", async () => {
    const ask = (account: string, token: string) =>
      fetch(`${stack.reportApiUrl}/reports/${account}`, {
        headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
      });
    const demo = reportOf(stack, 'demo').apiToken;
    const tokyo = reportOf(stack, 'demo-tokyo').apiToken;
    expect(demo).toMatch(/^acct_demo_[A-Za-z0-9_-]{43}$/);
    expect(tokyo).toMatch(/^acct_demo-tokyo_[A-Za-z0-9_-]{43}$/);
    const own = (await (await ask('demo', demo)).json()) as { reports: Array<{ period: string }> };
    expect(own.reports.map((report) => report.period)).toEqual(['2026-10']);
    expect((await ask('demo-tokyo', tokyo)).status).toBe(200);
    expect((await ask('demo-tokyo', demo)).status).toBe(404);
    expect((await ask('demo', tokyo)).status).toBe(404);
  });

  it("signs each account's list of reports as the email's All reports link", async () => {
    for (const account of ['demo', 'demo-tokyo']) {
      const link = reportOf(stack, account).allReportsLink!;
      expect(link).toMatch(
        new RegExp(
          `^${stack.reportApiUrl}/reports/${account}\\?expires=${LINK_EXPIRES}&signature=[0-9a-f]{64}$`,
        ),
      );
      const [email] = await emailsOf(stack, account);
      expect(email?.body.text).toContain(`All reports: ${link}`);
      const page = await fetch(link, { headers: { Accept: 'text/html' } });
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('>October 2026</a>');
    }
  });

  it('refuses a link whose signature was changed', async () => {
    const tampered = reportOf(stack, 'demo').signedReportLink!.replace(/signature=(.)/, (_, first: string) =>
      first === '0' ? 'signature=1' : 'signature=0',
    );
    expect((await fetch(tampered, { redirect: 'manual' })).status).toBe(403);
  });

  it('builds another past month on request with the token', async () => {
    const unauthorised = await fetch(`${stack.reportApiUrl}/reports/demo/2026-08`);
    expect(unauthorised.status).toBe(401);

    const response = await fetch(`${stack.reportApiUrl}/reports/demo/2026-08`, {
      headers: { Authorization: `Bearer ${TOKEN}` },
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      account: string;
      period: string;
      month: string;
      summary: { period: { month: string; timezone: string } };
      files: Record<string, string>;
    };
    expect(body.account).toBe('demo');
    expect(body.period).toBe('2026-08');
    expect(body.month).toBe('2026-08');
    expect(body.summary.period).toMatchObject({ month: '2026-08', timezone: 'UTC' });
    expect(body.files['report.html']).toMatch(
      new RegExp(`^${stack.reportApiUrl}/reports/demo/2026-08/report\\.html\\?expires=${LINK_EXPIRES}&`),
    );
    expect(lines).toContainEqual(
      expect.stringMatching(/^report API: report built \(account demo, period 2026-08/),
    );
  });

  it('builds a quarter and a year so far from the sandbox over HTTP', async () => {
    const get = async (period: string) => {
      const response = await fetch(`${stack.reportApiUrl}/reports/demo/${period}`, {
        headers: { Authorization: `Bearer ${TOKEN}` },
      });
      expect(response.status).toBe(200);
      return (await response.json()) as {
        period: string;
        month?: string;
        complete: boolean;
        asOf: string;
        summary: {
          period: { kind: string; id: string; complete: boolean; asOf: string };
          invoices: { paid: number; months: { month: string; paid: number }[] };
        };
        files: Record<string, string>;
      };
    };
    const quarter = await get('2026-Q3');
    expect(quarter).toMatchObject({ period: '2026-Q3', complete: true, asOf: '2026-10-01T00:00:00.000Z' });
    expect(quarter.month).toBeUndefined();
    expect(quarter.summary.period).toMatchObject({ kind: 'quarter', id: '2026-Q3', complete: true });
    expect(quarter.summary.invoices.months.map((month) => month.month)).toEqual([
      '2026-07',
      '2026-08',
      '2026-09',
    ]);
    const paidByMonth = quarter.summary.invoices.months.reduce((sum, month) => sum + month.paid, 0);
    expect(paidByMonth).toBe(quarter.summary.invoices.paid);
    expect(quarter.files['summary.json']).toMatch(
      new RegExp(`^${stack.reportApiUrl}/reports/demo/2026-Q3/summary\\.json\\?`),
    );

    // On 5 November the year has run ten months and four days and ten hours: it is reported so far.
    const year = await get('2026');
    expect(year).toMatchObject({ period: '2026', complete: false, asOf: '2026-11-05T10:00:00.000Z' });
    expect(year.summary.period).toMatchObject({
      kind: 'year',
      complete: false,
      asOf: '2026-11-05T10:00:00.000Z',
    });
    expect(year.summary.invoices.months.map((month) => month.month).at(-1)).toBe('2026-11');
    expect(year.summary.invoices.months).toHaveLength(11);
  });

  it('says what it does while it starts', () => {
    expect(lines.slice(0, 6)).toEqual([
      `sandbox        ${stack.sandboxUrl}`,
      `S3 emulator    ${stack.s3Endpoint}`,
      `SES emulator   ${stack.sesEndpoint}`,
      `report API     ${stack.reportApiUrl}`,
      'building the October 2026 report for demo from the sandbox...',
      'building the October 2026 report for demo-tokyo from the sandbox...',
    ]);
    for (const account of ['demo', 'demo-tokyo']) {
      expect(lines).toContainEqual(
        expect.stringMatching(
          new RegExp(
            `^${account}: so far listed [\\d,]+ invoices for the dates .+, [\\d,]+ payments for .+, and [\\d,]+ paid invoices for `,
          ),
        ),
      );
    }
    expect(lines).toContainEqual(
      // October in UTC is asked for 30 Sep – 2 Nov; September, for the comparison, 31 Aug – 2 Oct.
      expect.stringMatching(
        /^demo: so far listed [\d,]+ invoices for the dates 30 Sep 2026 – 2 Nov 2026, [\d,]+ payments for 30 Sep 2026 – 2 Nov 2026, and [\d,]+ paid invoices for 31 Aug 2026 – 2 Oct 2026 \(for September 2026\)$/,
      ),
    );
    expect(lines).toContainEqual(
      expect.stringMatching(
        /^demo: October 2026: \d+ of \d+ invoices paid, [\d,]+\.\d\d USD; saved to s3:\/\/invoice-reports-local\/reports\/demo\/2026-10\/ and emailed to accounting@example\.com$/,
      ),
    );
    expect(lines).toContainEqual(
      expect.stringMatching(
        /^demo-tokyo: October 2026: \d+ of \d+ invoices paid, [\d,]+\.\d\d USD; saved to s3:\/\/invoice-reports-local\/reports\/demo-tokyo\/2026-10\/ and emailed to tokyo-office@example\.com$/,
      ),
    );
  });

  it('frees every port on close, and a second start on the same state sends no second email', async () => {
    const firstLink = new URL(reportOf(stack, 'demo').signedReportLink!);
    const firstToken = reportOf(stack, 'demo').apiToken;
    const emailsBefore = (await readSesStore(stack.sesEndpoint)).length;
    const ports = stackPorts(stack);
    await stack.close();
    for (const port of ports) expect(await probePort(port)).toBe('free');

    const secondLines: string[] = [];
    second = await startLocalStack({
      ports: ANY_FREE_PORTS,
      stateDir,
      now: () => NOW,
      reportApiToken: TOKEN,
      sandboxApiKey: 'stack-test-key',
      log: (line) => secondLines.push(line),
    });
    expect(reportOf(second, 'demo').outcome).toMatchObject({
      status: 'delivered',
      delivery: { status: 'already-sent', sentAt: NOW.toISOString() },
    });
    expect(statusOf(second, 'demo-tokyo')).toBe('already-sent');
    expect(secondLines).toContain(
      'demo: October 2026 was emailed on 5 Nov 2026, 10:00 (UTC): not sending it again',
    );
    expect(secondLines).toContain(
      'demo-tokyo: October 2026 was emailed on 5 Nov 2026, 19:00 (Asia/Tokyo): not sending it again',
    );
    expect(secondLines.some((line) => line.startsWith('building'))).toBe(false);
    expect(await readSesStore(second.sesEndpoint)).toHaveLength(emailsBefore);

    // The signing key was kept: the link printed by the first start opens through the second one.
    const oldLinkNow = `${second.reportApiUrl}${firstLink.pathname}${firstLink.search}`;
    expect((await fetch(oldLinkNow, { redirect: 'manual' })).status).toBe(302);
    // So was the account token key: each account keeps its token.
    expect(reportOf(second, 'demo').apiToken).toBe(firstToken);
  });

  it.each([
    [
      'a claim never marked sent',
      JSON.stringify({ state: 'sending', claimedAt: '2026-11-05T09:59:00.000Z', claimId: 'c1' }),
    ],
    ['a record cut short', '{"state":"se'],
  ])('builds and sends again when an earlier start left %s', async (_, record) => {
    await second?.close();
    second = undefined;
    await later?.close();
    // Leave the record behind the way a stopped start would, straight in the emulator's store.
    const emulator = await startS3Emulator({ port: 0, directory: join(stateDir, 's3'), buckets: [] });
    const s3 = createS3Client({ endpoint: emulator.endpoint });
    await s3.send(
      new PutObjectCommand({ Bucket: LOCAL_BUCKET, Key: 'reports/demo/2026-10/delivery.json', Body: record }),
    );
    s3.destroy();
    await emulator.close();

    const laterLines: string[] = [];
    later = await startLocalStack({
      ports: ANY_FREE_PORTS,
      stateDir,
      now: () => NOW,
      log: (line) => laterLines.push(line),
    });
    expect(statusOf(later, 'demo')).toBe('sent');
    expect(statusOf(later, 'demo-tokyo')).toBe('already-sent');
    expect(laterLines).toContain(
      'an earlier start stopped while emailing October 2026 for demo: building and sending it again',
    );
    expect(await emailsOf(later)).toHaveLength(1);
    expect(await emailsOf(later, 'demo-tokyo')).toEqual([]);
  });
});

const services: LocalService[] = ['sandbox', 's3Emulator', 'sesEmulator', 'reportApi'];

/** A fixed free port for each server, as the variables give them. */
async function fixedPorts(): Promise<LocalStackPorts> {
  const found = await freePorts(services.length);
  return Object.fromEntries(
    services.map((service, index) => [service, found[index]]),
  ) as unknown as LocalStackPorts;
}

describe('startLocalStack when a port is taken', () => {
  const cases: [LocalService, string, string][] = [
    ['sandbox', 'sandbox', 'SANDBOX_PORT'],
    ['s3Emulator', 'S3 emulator', 'S3_EMULATOR_PORT'],
    ['sesEmulator', 'SES emulator', 'SES_EMULATOR_PORT'],
    ['reportApi', 'report API', 'REPORT_API_PORT'],
  ];
  let parent: string;

  beforeAll(async () => {
    parent = await mkdtemp(join(tmpdir(), 'local-stack-taken-'));
  });

  afterAll(async () => {
    await rm(parent, { recursive: true, force: true });
  });

  it.each(cases)(
    'names the variable of the %s port, starts nothing and creates no state folder',
    async (taken, name, variable) => {
      const stateDir = join(parent, `state-${taken}`);
      const ports = await fixedPorts();
      const holder = createServer();
      await new Promise<void>((resolve) => holder.listen(ports[taken], '127.0.0.1', resolve));
      const lines: string[] = [];
      try {
        const error = await startLocalStack({
          ports,
          stateDir,
          now: () => NOW,
          log: (line) => lines.push(line),
        }).catch((caught: unknown) => caught);
        expect(error).toBeInstanceOf(LocalStackError);
        expect((error as Error).message).toBe(
          `port ${ports[taken]} (${name}) is in use: set ${variable} to another port`,
        );
      } finally {
        await new Promise((resolve) => holder.close(resolve));
      }
      for (const service of services) expect(await probePort(ports[service])).toBe('free');
      expect(lines).toEqual([]);
      expect(await readdir(parent)).toEqual([]);
    },
  );
});

describe('startLocalStack when it is stopped while starting', () => {
  it('stops what has started and rejects with the reason', async () => {
    const stateDir = await mkdtemp(join(tmpdir(), 'local-stack-abort-'));
    const ports = await fixedPorts();
    const controller = new AbortController();
    const reason = new Error('stopped by a test');
    try {
      const started = startLocalStack({
        ports,
        stateDir,
        now: () => NOW,
        signal: controller.signal,
        log: (line) => {
          if (line.startsWith('building')) controller.abort(reason);
        },
      });
      await expect(started).rejects.toBe(reason);
      for (const service of services) expect(await probePort(ports[service])).toBe('free');
    } finally {
      await rm(stateDir, { recursive: true, force: true });
    }
  });
});

describe('serveOnLoopback', () => {
  it('makes the app from its own URL, serves it, and frees the port on close', async () => {
    let givenUrl = '';
    const server = await serveOnLoopback(0, (url) => {
      givenUrl = url;
      return new Hono().get('/where', (c) => c.text(url));
    });
    try {
      expect(server.port).toBeGreaterThan(0);
      expect(server.url).toBe(`http://127.0.0.1:${server.port}`);
      expect(givenUrl).toBe(server.url);
      const response = await fetch(`${server.url}/where`);
      expect(await response.text()).toBe(server.url);
    } finally {
      await server.close();
    }
    expect(await probePort(server.port)).toBe('free');
  });

  it('stops listening when the app cannot be made', async () => {
    let port = 0;
    await expect(
      serveOnLoopback(0, (url) => {
        port = Number(new URL(url).port);
        throw new Error('no app');
      }),
    ).rejects.toThrow('no app');
    expect(port).toBeGreaterThan(0);
    expect(await probePort(port)).toBe('free');
  });

  it('rejects with EADDRINUSE when the port is taken', async () => {
    const first = await serveOnLoopback(0, () => new Hono());
    try {
      await expect(serveOnLoopback(first.port, () => new Hono())).rejects.toMatchObject({
        code: 'EADDRINUSE',
      });
    } finally {
      await first.close();
    }
  });
});
