import { describe, expect, it } from 'vitest';
import { formatStartBlock, type StartBlockFacts } from '../../../lib/local/start-block';

const LINK = `http://127.0.0.1:3000/reports/demo/2026-10/report.html?expires=1795000000&signature=${'ab'.repeat(32)}`;

const FACTS: StartBlockFacts = {
  account: 'demo',
  month: '2026-10',
  timezone: 'UTC',
  reportApiUrl: 'http://127.0.0.1:3000',
  reportApiToken: 'local-dev-token',
  mailViewerUrl: 'http://127.0.0.1:8005/',
  recipients: ['accounting@example.com'],
  delivery: {
    status: 'sent',
    messageId: 'message-1',
    attachmentsIncluded: true,
    account: 'demo',
    period: '2026-10',
  },
  signedReportLink: LINK,
  linkLifetimeDays: 30,
  s3Location: 's3://invoice-reports-local/reports/demo/2026-10/',
  s3Folder: '/repo/.local/s3/invoice-reports-local/reports/demo/2026-10/',
  stateDir: '/repo/.local',
};

describe('formatStartBlock', () => {
  it('says where the report, the API, the email and the files are, and how to stop', () => {
    expect(formatStartBlock(FACTS, { cwd: '/repo' })).toBe(
      [
        '',
        'The local stack is running. October 2026 report for demo: emailed to accounting@example.com.',
        '',
        `  Open the report   ${LINK}`,
        '                    (a signed link, valid for 30 days)',
        '  Report API        http://127.0.0.1:3000   token: local-dev-token',
        "  Another month     curl -H 'Authorization: Bearer local-dev-token' http://127.0.0.1:3000/reports/demo/2026-09",
        '                    (or a quarter, 2026-Q4, or a year, 2026: one not ended is reported so far)',
        '  Mail viewer       http://127.0.0.1:8005/',
        '  S3                s3://invoice-reports-local/reports/demo/2026-10/',
        '                    on disk: .local/s3/invoice-reports-local/reports/demo/2026-10/',
        '',
        'Ctrl-C stops everything. State lives in .local/ (rm -rf .local starts afresh).',
        '',
      ].join('\n'),
    );
  });

  it('says when the month was emailed by an earlier start, in the account time zone', () => {
    const block = formatStartBlock(
      {
        ...FACTS,
        timezone: 'Europe/Berlin',
        delivery: {
          status: 'already-sent',
          messageId: 'message-1',
          sentAt: '2026-11-02T08:15:00.000Z',
          account: 'demo',
          period: '2026-10',
        },
      },
      { cwd: '/repo' },
    );
    expect(block.split('\n')[1]).toBe(
      'The local stack is running. October 2026 report for demo: emailed on 2 Nov 2026, 09:15 (Europe/Berlin), not sent again.',
    );
  });

  it('offers the month before January of the next year as December', () => {
    const block = formatStartBlock({ ...FACTS, month: '2027-01' }, { cwd: '/repo' });
    expect(block).toContain('http://127.0.0.1:3000/reports/demo/2026-12\n');
    expect(block).toContain('(or a quarter, 2027-Q1, or a year, 2027: one not ended is reported so far)');
  });

  it('shows a state directory outside the working directory by its absolute path', () => {
    const block = formatStartBlock(
      {
        ...FACTS,
        stateDir: '/tmp/state',
        s3Folder: '/tmp/state/s3/invoice-reports-local/reports/demo/2026-10/',
        linkLifetimeDays: 1,
      },
      { cwd: '/repo' },
    );
    expect(block).toContain('(a signed link, valid for 1 day)');
    expect(block).toContain('on disk: /tmp/state/s3/invoice-reports-local/reports/demo/2026-10/\n');
    expect(block).toContain('State lives in /tmp/state/ (rm -rf /tmp/state starts afresh).');
  });
});
