import { PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type DeploymentConfig, parseDeploymentConfig } from '../../../lib/config';
import { InvoicingAuthenticationError } from '../../../lib/invoicing';
import type { EmailOutcome, ReportBuilt, ReportMetrics } from '../../../lib/metrics';
import { ReportRequestError } from '../../../lib/period';
import { runScheduledReport, ScheduledEventError, UnknownAccountError } from '../../../lib/pipeline';
import type { StructuredLogger } from '../../../lib/pipeline/logger';
import { MONTH_FIGURES } from './support/acme-month';
import {
  BUCKET,
  countingFetch,
  type PipelineHarness,
  RECIPIENTS,
  SANDBOX_API_KEY,
  SIGNING_KEY,
  startPipelineHarness,
} from './support/pipeline-harness';

type LogLine = { level: 'info' | 'warn' | 'error'; message: string } & Record<string, unknown>;

/** Keeps each line as Powertools would print it: the message and the attributes merged in. */
class RecordingLogger implements StructuredLogger {
  readonly lines: LogLine[] = [];

  info(message: string, ...attributes: Record<string, unknown>[]): void {
    this.lines.push({ level: 'info', message, ...Object.assign({}, ...attributes) });
  }

  warn(message: string, ...attributes: Record<string, unknown>[]): void {
    this.lines.push({ level: 'warn', message, ...Object.assign({}, ...attributes) });
  }

  error(message: string, ...attributes: Record<string, unknown>[]): void {
    this.lines.push({ level: 'error', message, ...Object.assign({}, ...attributes) });
  }
}

/** 00:30 on 1 November in Berlin, still 31 October in UTC. */
const BERLIN_NOVEMBER_FIRST = new Date('2026-10-31T23:30:00Z');
const WRONG_KEY = 'wrong-key-for-globex-0000';

describe('runScheduledReport', () => {
  let harness: PipelineHarness;
  let config: DeploymentConfig;
  let logger: RecordingLogger;

  beforeAll(async () => {
    harness = await startPipelineHarness();
    config = parseDeploymentConfig({
      accounts: ['acme', 'globex'].map((name) => ({
        name,
        displayName: 'Acme Corp',
        apiUrl: harness.sandbox.url,
        apiKeySecretName: `invoice-reports/${name}/api-key`,
        timezone: 'Europe/Berlin',
        recipients: RECIPIENTS,
        sender: 'reports@acme.example',
      })),
      alarmEmail: 'ops@example.com',
    });
    harness.secrets.set('invoice-reports/globex/api-key', WRONG_KEY);
  });

  afterAll(async () => {
    await harness?.close();
  });

  beforeEach(() => {
    logger = new RecordingLogger();
  });

  const run = (
    event: unknown,
    options: { progressEvery?: number; fetch?: typeof fetch; now?: Date; metrics?: ReportMetrics } = {},
  ) =>
    runScheduledReport(event, {
      config,
      context: {
        ...harness.context({
          now: () => options.now ?? BERLIN_NOVEMBER_FIRST,
          ...(options.fetch ? { client: { fetch: options.fetch } } : {}),
        }),
        ...(options.metrics ? { metrics: options.metrics } : {}),
      },
      logger,
      ...(options.progressEvery ? { progressEvery: options.progressEvery } : {}),
    });

  it('emails the previous month in the account time zone and logs the start and the figures', async () => {
    const result = await run({ account: 'acme' });
    expect(result).toMatchObject({ status: 'sent', account: 'acme', period: '2026-10' });
    expect(await harness.emails()).toHaveLength(1);
    expect(logger.lines.at(0)).toEqual({
      level: 'info',
      message: 'Report run started',
      account: 'acme',
      period: '2026-10',
      force: false,
    });
    expect(logger.lines.at(-1)).toEqual({
      level: 'info',
      message: 'Report emailed',
      account: 'acme',
      period: '2026-10',
      status: 'sent',
      messageId: result.messageId,
      attachmentsIncluded: true,
      figures: MONTH_FIGURES,
    });
  });

  it('logs that a month already emailed was left alone', async () => {
    const counter = countingFetch();
    const result = await run({ account: 'acme' }, { fetch: counter.fetch });
    expect(result.status).toBe('already-sent');
    expect(counter.calls()).toBe(0);
    expect(await harness.emails()).toHaveLength(1);
    expect(logger.lines.at(-1)).toMatchObject({
      level: 'info',
      message: 'Report was already emailed; nothing sent',
      status: 'already-sent',
      account: 'acme',
      period: '2026-10',
      messageId: result.messageId,
    });
  });

  it('resends a month when forced (asked with month, the older name of period), logging progress as records arrive', async () => {
    const result = await run({ account: 'acme', month: '2026-10', force: true }, { progressEvery: 1 });
    expect(result.status).toBe('sent');
    expect(await harness.emails()).toHaveLength(2);
    expect(logger.lines.at(0)).toMatchObject({ period: '2026-10', force: true });
    const progress = logger.lines.filter((line) => line.message.startsWith('Fetching records'));
    expect(progress.length).toBeGreaterThan(0);
    for (const line of progress) {
      expect(line).toMatchObject({ account: 'acme', period: '2026-10' });
      expect(line.records).toBe(
        Number(line.invoices) + Number(line.payments) + Number(line.previousPeriodInvoices),
      );
    }
  });

  it('reads the default month from when the schedule fired, not from when a retry runs', async () => {
    // 23:59:59 on 31 October in Berlin: the schedule meant September; the clock already says November.
    const result = await run({ account: 'acme', scheduledTime: '2026-10-31T22:59:59Z' });
    expect(result).toMatchObject({ account: 'acme', period: '2026-09' });
    expect(logger.lines.at(0)).toMatchObject({ message: 'Report run started', period: '2026-09' });
  });

  it('emails the whole month a schedule fired at the end of, though this clock is a little behind', async () => {
    // A schedule at 00:00 on 1 February 2027 in Berlin (23:00 UTC); this clock, 30 s behind, still says
    // January, which it would have built and emailed "so far", never to be emailed whole.
    await harness.clearEmails();
    const result = await run(
      { account: 'acme', scheduledTime: '2027-01-31T23:00:00Z' },
      { now: new Date('2027-01-31T22:59:30Z') },
    );
    expect(result).toMatchObject({ status: 'sent', period: '2027-01' });
    const [email] = await harness.emails();
    expect(email?.subject).toContain('January 2027');
    expect(email?.subject).not.toContain('so far');
  });

  it('refuses a scheduledTime later than its clock, rather than email a period not ended as the schedule meant it', async () => {
    // At 00:30 on 1 November 2026 in Berlin: a slot re-run by hand with 2027 typed for 2026 would report
    // October 2027, not begun; a month ahead, November 2026, 30 minutes old. Either email would go out
    // "so far", figures of nothing, to every account of the slot.
    await harness.clearEmails();
    for (const scheduledTime of ['2027-11-01T05:00:00Z', '2026-12-01T05:00:00Z']) {
      await expect(run({ account: 'acme', scheduledTime })).rejects.toThrow(
        `Invalid scheduled report event: scheduledTime ${scheduledTime} is later than now (2026-10-31T23:30:00.000Z)`,
      );
    }
    expect(logger.lines.map((line) => line.error)).toMatchObject([
      { name: 'ScheduledEventError' },
      { name: 'ScheduledEventError' },
    ]);
    expect(await harness.emails()).toEqual([]);
  });

  it('emails the previous year when the yearly schedule asks for that kind', async () => {
    // 06:00 on 1 January 2027 in Berlin. The account's whole 2026: the October of the dataset, the 40 USD
    // of the last second of September and the 1000 USD of the first second of November (commission 0.10
    // each), and the payment of that second, unmatched.
    const firedAt = '2027-01-01T05:00:00Z';
    const result = await run(
      { account: 'acme', periodKind: 'year', scheduledTime: firedAt },
      { now: new Date(firedAt) },
    );
    expect(result).toMatchObject({
      status: 'sent',
      account: 'acme',
      period: '2026',
      figures: {
        invoices: 6,
        paidInvoices: 5,
        paidTotalUSD: '1140.51',
        commissionTotalUSD: '1.21',
        payments: 5,
        unmatchedPayments: 2,
        reconciliationOk: true,
      },
    });
    expect(logger.lines.at(0)).toMatchObject({ message: 'Report run started', period: '2026' });
    const emails = await harness.emails();
    expect(emails.at(-1)!.subject).toBe('Acme Corp · 2026 · 1,140.51 USD from 5 paid invoices');
  });

  it('emails the quarter an operator asks for, so far when it has not ended', async () => {
    // At 00:30 on 1 November in Berlin, the fourth quarter holds October and the first 30 minutes of
    // November: 100.51 + 1000 USD.
    const result = await run({ account: 'acme', period: '2026-Q4' });
    expect(result).toMatchObject({
      status: 'sent',
      period: '2026-Q4',
      figures: { paidInvoices: 4, paidTotalUSD: '1100.51' },
    });
    const emails = await harness.emails();
    expect(emails.at(-1)!.subject).toBe(
      'Acme Corp · Q4 2026 so far, as of 1 Nov 2026, 00:30 (Europe/Berlin) · 1,100.51 USD from 4 paid invoices',
    );
  });

  it('throws on a malformed event, after logging which field is wrong', async () => {
    await expect(run({ account: 'acme', month: 'October' })).rejects.toBeInstanceOf(ScheduledEventError);
    expect(logger.lines).toEqual([
      {
        level: 'error',
        message: 'Report run failed',
        error: {
          name: 'ScheduledEventError',
          message: 'Invalid scheduled report event: month must be a month as YYYY-MM, from 2000 to 9999',
        },
      },
    ]);
  });

  it('sends a quarter so far only once, and still emails the whole quarter once it has ended', async () => {
    // The quarter was emailed so far at 00:30 on 1 November (above); an operator asks again on 10 December.
    const again = await run(
      { account: 'acme', period: '2026-Q4' },
      { now: new Date('2026-12-10T12:00:00Z') },
    );
    expect(again).toMatchObject({ status: 'already-sent', period: '2026-Q4', complete: false });
    expect(logger.lines.at(-1)).toMatchObject({
      level: 'info',
      message: 'The period so far was already emailed; nothing sent until the period has ended',
      period: '2026-Q4',
      complete: false,
    });
    const firedAt = '2027-01-01T05:00:00Z';
    const quarterly = await run(
      { account: 'acme', periodKind: 'quarter', scheduledTime: firedAt },
      { now: new Date(firedAt) },
    );
    expect(quarterly).toMatchObject({ status: 'sent', period: '2026-Q4' });
    const q4 = (await harness.emails()).filter((email) => email.subject.includes('Q4 2026'));
    expect(q4.map((email) => email.subject.includes('so far'))).toEqual([true, false]);
  });

  it('throws on an unknown account, naming it and the configured ones', async () => {
    await expect(run({ account: 'initech' })).rejects.toBeInstanceOf(UnknownAccountError);
    expect(logger.lines).toEqual([
      {
        level: 'error',
        message: 'Report run failed',
        account: 'initech',
        error: {
          name: 'UnknownAccountError',
          message: 'Unknown account "initech": the configured accounts are "acme", "globex"',
        },
      },
    ]);
  });

  it('throws on a month that has not begun in the account time zone', async () => {
    await expect(run({ account: 'acme', period: '2026-12' })).rejects.toBeInstanceOf(ReportRequestError);
    expect(logger.lines).toMatchObject([
      { level: 'error', account: 'acme', period: '2026-12', error: { name: 'ReportRequestError' } },
    ]);
  });

  it('logs a refused API key by name, with no key or signing key in any line, and throws', async () => {
    await harness.clearEmails();
    await expect(run({ account: 'globex' })).rejects.toBeInstanceOf(InvoicingAuthenticationError);
    expect(logger.lines.at(-1)).toMatchObject({
      level: 'error',
      account: 'globex',
      period: '2026-10',
      force: false,
      error: { name: 'InvoicingAuthenticationError' },
    });
    const printed = JSON.stringify(logger.lines);
    for (const secret of [WRONG_KEY, SANDBOX_API_KEY, SIGNING_KEY]) expect(printed).not.toContain(secret);
    expect(await harness.emails()).toEqual([]);
  });

  it('logs when the report is saved and when its email goes to SES, so a run cut off says how far it got', async () => {
    const result = await run({ account: 'acme', period: '2026-Q3' });
    expect(result.status).toBe('sent');
    const steps = logger.lines.filter(
      (line) => line.message !== 'Fetching records from the invoicing service',
    );
    expect(steps.map((line) => line.message)).toEqual([
      'Report run started',
      'Report saved',
      'Sending the report email',
      'Report emailed',
    ]);
    expect(steps[1]).toEqual({
      level: 'info',
      message: 'Report saved',
      account: 'acme',
      period: '2026-Q3',
      switched: true,
      buildId: expect.stringMatching(/^\d{8}T\d{9}Z-[0-9a-f]{12}$/),
    });
    expect(steps[2]).toEqual({
      level: 'info',
      message: 'Sending the report email',
      account: 'acme',
      period: '2026-Q3',
      claimedAt: BERLIN_NOVEMBER_FIRST.toISOString(),
      recipients: 2,
      attachmentsIncluded: true,
    });
  });

  it('counts an email unconfirmed when a stale claim of a crashed run holds the period, and sends nothing', async () => {
    // A run that claimed September an hour before this clock and never marked it sent.
    await harness.s3.send(
      new PutObjectCommand({
        Bucket: BUCKET,
        Key: 'reports/acme/2026-09/delivery.json',
        Body: JSON.stringify({ state: 'sending', claimedAt: '2026-10-31T22:00:00.000Z', claimId: 'crashed' }),
      }),
    );
    const emails: EmailOutcome[] = [];
    const metrics: ReportMetrics = {
      reportBuilt: () => {},
      email: (outcome) => emails.push(outcome),
      apiAnswer: () => {},
    };
    const sentBefore = (await harness.emails()).length;

    await expect(run({ account: 'acme', period: '2026-09' }, { metrics })).rejects.toThrow(
      /^delivery unconfirmed: /,
    );
    expect(emails).toEqual(['unconfirmed']);
    expect(await harness.emails()).toHaveLength(sentBefore);
  });

  it("counts an operator's build with its kind, trigger and figures, then the email sent and the one already sent", async () => {
    const built: ReportBuilt[] = [];
    const emails: EmailOutcome[] = [];
    const metrics: ReportMetrics = {
      reportBuilt: (report) => built.push(report),
      email: (outcome) => emails.push(outcome),
      apiAnswer: () => {},
    };
    await run({ account: 'acme', period: '2026-10', force: true }, { metrics });
    await run({ account: 'acme' }, { metrics });
    expect(emails).toEqual(['sent', 'alreadySent']);
    expect(built).toHaveLength(1);
    const [report] = built as [ReportBuilt];
    expect(report).toMatchObject({
      account: 'acme',
      period: '2026-10',
      kind: 'month',
      trigger: 'operator',
      reconciliationDifferences: 0,
    });
    // Every invoice and payment of the month at least, and those of the wider window and the previous period.
    expect(report.records).toBeGreaterThanOrEqual(MONTH_FIGURES.invoices + MONTH_FIGURES.payments);
    expect(report.seconds).toBeGreaterThan(0);
  });
});
