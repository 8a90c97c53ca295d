import { describe, expect, it } from 'vitest';
import type { LocalAccountReport } from '../../../lib/local/stack';
import { formatStartBlock, type StartBlockFacts } from '../../../lib/local/start-block';

const link = (account: string) =>
  `http://127.0.0.1:3000/reports/${account}/2026-10/report.html?expires=1795000000&signature=${'ab'.repeat(32)}`;
const indexLink = (account: string) =>
  `http://127.0.0.1:3000/reports/${account}?expires=1795000000&signature=${'cd'.repeat(32)}`;
const token = (account: string) => `acct_${account}_${'x'.repeat(43)}`;

function delivered(account: string, timezone: string, recipient: string): LocalAccountReport {
  return {
    account,
    timezone,
    month: '2026-10',
    recipients: [recipient],
    outcome: {
      status: 'delivered',
      delivery: {
        status: 'sent',
        messageId: 'message-1',
        attachmentsIncluded: true,
        account,
        period: '2026-10',
      },
    },
    signedReportLink: link(account),
    allReportsLink: indexLink(account),
    apiToken: token(account),
    s3Location: `s3://invoice-reports-local/reports/${account}/2026-10/`,
    s3Folder: `/repo/.local/s3/invoice-reports-local/reports/${account}/2026-10/`,
  };
}

const DEMO = delivered('demo', 'UTC', 'accounting@example.com');
const TOKYO = delivered('demo-tokyo', 'Asia/Tokyo', 'tokyo-office@example.com');

const FACTS: StartBlockFacts = {
  reports: [DEMO, TOKYO],
  reportApiUrl: 'http://127.0.0.1:3000',
  reportApiToken: 'local-dev-token',
  mailViewerUrl: 'http://127.0.0.1:8005/',
  linkLifetimeDays: 30,
  stateDir: '/repo/.local',
};

describe('formatStartBlock', () => {
  it("says where each account's report is, then the API, the email and how to stop", () => {
    expect(formatStartBlock(FACTS, { cwd: '/repo' })).toBe(
      [
        '',
        "The local stack is running. Last month's reports, from the monthly fan-out:",
        '',
        '  demo (UTC)               October 2026, emailed to accounting@example.com',
        `    Open the report   ${link('demo')}`,
        `    All reports       ${indexLink('demo')}`,
        `    API token         ${token('demo')}`,
        '    S3                s3://invoice-reports-local/reports/demo/2026-10/',
        '                      on disk: .local/s3/invoice-reports-local/reports/demo/2026-10/',
        '  demo-tokyo (Asia/Tokyo)  October 2026, emailed to tokyo-office@example.com',
        `    Open the report   ${link('demo-tokyo')}`,
        `    All reports       ${indexLink('demo-tokyo')}`,
        `    API token         ${token('demo-tokyo')}`,
        '    S3                s3://invoice-reports-local/reports/demo-tokyo/2026-10/',
        '                      on disk: .local/s3/invoice-reports-local/reports/demo-tokyo/2026-10/',
        '',
        '  Report links are signed and valid for 30 days.',
        '  Report API          http://127.0.0.1:3000   operator token: local-dev-token (reads every account)',
        `  Another month       curl -H 'Authorization: Bearer ${token('demo')}' http://127.0.0.1:3000/reports/demo/2026-09`,
        '                      (or a quarter, 2026-Q4, or a year, 2026: one not ended is reported so far)',
        '  Mail viewer         http://127.0.0.1:8005/',
        '',
        'Ctrl-C stops everything. State lives in .local/ (rm -rf .local starts afresh).',
        '',
      ].join('\n'),
    );
  });

  it('says when a month was emailed by an earlier start, in the account time zone', () => {
    const earlier: LocalAccountReport = {
      ...TOKYO,
      outcome: {
        status: 'delivered',
        delivery: {
          status: 'already-sent',
          messageId: 'message-1',
          sentAt: '2026-11-02T08:15:00.000Z',
          account: 'demo-tokyo',
          period: '2026-10',
        },
      },
    };
    const block = formatStartBlock({ ...FACTS, reports: [DEMO, earlier] }, { cwd: '/repo' });
    expect(block).toContain(
      '\n  demo-tokyo (Asia/Tokyo)  October 2026, emailed on 2 Nov 2026, 17:15 (Asia/Tokyo), not sent again\n',
    );
  });

  it('says why an account failed, with nothing to open, while the other account is shown in full', () => {
    const failed: LocalAccountReport = {
      ...TOKYO,
      outcome: { status: 'failed', error: 'InvoicingAuthenticationError: the service refused the API key' },
      signedReportLink: undefined,
      allReportsLink: undefined,
    };
    const lines = formatStartBlock({ ...FACTS, reports: [DEMO, failed] }, { cwd: '/repo' }).split('\n');
    const at = lines.indexOf(
      '  demo-tokyo (Asia/Tokyo)  October 2026 failed: InvoicingAuthenticationError: the service refused the API key',
    );
    expect(at).toBeGreaterThan(0);
    expect(lines[at + 1]).toBe('');
    expect(lines).toContain(`    Open the report   ${link('demo')}`);
  });

  it("offers the month before the first account's month, January's as December", () => {
    const block = formatStartBlock({ ...FACTS, reports: [{ ...DEMO, month: '2027-01' }] }, { cwd: '/repo' });
    expect(block).toContain('http://127.0.0.1:3000/reports/demo/2026-12\n');
    expect(block).toContain('(or a quarter, 2027-Q1, or a year, 2027: one not ended is reported so far)');
  });

  it('shows a state directory outside the working directory by its absolute path', () => {
    const block = formatStartBlock(
      {
        ...FACTS,
        reports: [{ ...DEMO, s3Folder: '/tmp/state/s3/invoice-reports-local/reports/demo/2026-10/' }],
        stateDir: '/tmp/state',
        linkLifetimeDays: 1,
      },
      { cwd: '/repo' },
    );
    expect(block).toContain('Report links are signed and valid for 1 day.');
    expect(block).toContain('on disk: /tmp/state/s3/invoice-reports-local/reports/demo/2026-10/\n');
    expect(block).toContain('State lives in /tmp/state/ (rm -rf /tmp/state starts afresh).');
  });
});
