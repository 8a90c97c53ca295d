import { describe, expect, it } from 'vitest';
import { UsageError } from '../../../lib/config';
import { parseReportCliArgs } from '../../../lib/report-cli/parse-args';

const NOW = new Date('2026-10-15T12:00:00Z');
const ENV = { INVOICING_API_URL: 'http://127.0.0.1:4010', INVOICING_API_KEY: 'env-secret-key' };

function options(argv: string[], env: Record<string, string | undefined> = ENV, now = NOW) {
  const command = parseReportCliArgs(argv, env, now);
  if (command.help) throw new Error('expected options, got help');
  return command.options;
}

function usageError(argv: string[], env: Record<string, string | undefined> = ENV, now = NOW): UsageError {
  try {
    parseReportCliArgs(argv, env, now);
  } catch (error) {
    if (error instanceof UsageError) return error;
    throw error;
  }
  throw new Error(`expected a usage error for ${JSON.stringify(argv)}`);
}

describe('parseReportCliArgs', () => {
  it('applies every default: the previous month in UTC, ./reports, the service from the environment', () => {
    expect(options([])).toEqual({
      period: '2026-09',
      timezone: 'UTC',
      outDir: './reports',
      apiUrl: 'http://127.0.0.1:4010',
      apiKey: 'env-secret-key',
    });
  });

  it.each(['http://localhost:4010', 'http://127.0.0.2:4010', 'http://[::1]:4010'])(
    'takes plain http to this machine, where the local sandbox runs: %s',
    (url) => {
      expect(options(['--api-url', url]).apiUrl).toBe(url);
    },
  );

  it('takes every option from the command line over the environment', () => {
    expect(
      options([
        '--month=2026-03',
        '--timezone',
        'Europe/Berlin',
        '--project',
        '2b000000-0000-4000-8000-000000000001',
        '--out',
        '/tmp/out',
        '--api-url',
        'https://api.example.com/v1',
        '--api-key',
        'flag-key',
        '--concurrency',
        '8',
        '--page-size',
        '250',
        '--project-names',
        'names.json',
      ]),
    ).toEqual({
      period: '2026-03',
      timezone: 'Europe/Berlin',
      projectId: '2b000000-0000-4000-8000-000000000001',
      projectNamesFile: 'names.json',
      outDir: '/tmp/out',
      apiUrl: 'https://api.example.com/v1',
      apiKey: 'flag-key',
      concurrency: 8,
      pageSize: 250,
    });
  });

  it('reads the default month in the time zone asked for', () => {
    // 31 October 23:30 UTC is already 1 November 12:30 in Auckland.
    const lateOctober = new Date('2026-10-31T23:30:00Z');
    expect(options([], ENV, lateOctober).period).toBe('2026-09');
    expect(options(['--timezone', 'Pacific/Auckland'], ENV, lateOctober).period).toBe('2026-10');
  });

  it('accepts the current month and decides what is the future in the time zone', () => {
    const lateOctober = new Date('2026-10-31T23:30:00Z');
    expect(options(['--month', '2026-10'], ENV, lateOctober).period).toBe('2026-10');
    expect(options(['--month', '2026-11', '--timezone', 'Pacific/Auckland'], ENV, lateOctober).period).toBe(
      '2026-11',
    );
    expect(usageError(['--month', '2026-11'], ENV, lateOctober).message).toBe(
      '2026-11 has not begun yet in UTC: no report for it yet',
    );
  });

  it('takes a month, a quarter or a year with --period, the current ones included', () => {
    expect(options(['--period', '2026-09']).period).toBe('2026-09');
    expect(options(['--period', '2026-Q3']).period).toBe('2026-Q3');
    expect(options(['--period', '2026-Q4']).period).toBe('2026-Q4');
    expect(options(['--period=2025']).period).toBe('2025');
    expect(options(['--period', '2026']).period).toBe('2026');
    expect(usageError(['--period', '2027']).message).toBe(
      '2027 has not begun yet in UTC: no report for it yet',
    );
    // 1 January 2027, 00:30 in Berlin.
    const newYear = new Date('2026-12-31T23:30:00Z');
    expect(options(['--period', '2027-Q1', '--timezone', 'Europe/Berlin'], ENV, newYear).period).toBe(
      '2027-Q1',
    );
    expect(usageError(['--period', '2027-Q1'], ENV, newYear).message).toBe(
      '2027-Q1 has not begun yet in UTC: no report for it yet',
    );
  });

  it('takes --month as another name for a month, and not together with --period', () => {
    expect(usageError(['--month', '2026-Q3']).message).toBe(
      '--month takes a month YYYY-MM; for 2026-Q3 use --period',
    );
    expect(usageError(['--month', '2026-09', '--period', '2026-09']).message).toBe(
      '--month is another name for --period: give one of them',
    );
  });

  it('asks for help with --help or -h, whatever else is on the line', () => {
    expect(parseReportCliArgs(['--help'], {}, NOW)).toEqual({ help: true });
    expect(parseReportCliArgs(['-h', '--month', 'nonsense'], {}, NOW)).toEqual({ help: true });
  });

  it.each([
    [['--month', '2026-13'], /^invalid period "2026-13"/],
    [['--month', '2026-9'], /^invalid period "2026-9"/],
    [['--month', '2027-01'], /^2027-01 has not begun yet in UTC: no report for it yet$/],
    [['--period', '2026-Q5'], /^invalid period "2026-Q5"/],
    [['--period', '0099-12'], /^period 0099-12 is out of range: reports cover the years 2000 to 9999$/],
    [['--period', '0100-01'], /out of range/],
    [['--period', '0000-01'], /out of range/],
    [['--period', '0001-01'], /out of range/],
    [['--month', '1999-12'], /out of range/],
    [['--timezone', 'Mars/Olympus'], /^unknown time zone "Mars\/Olympus"/],
    [['--project', 'not-a-uuid'], /--project "not-a-uuid" is not a UUID/],
    [['--concurrency', '0'], /--concurrency must be a whole number from 1 to 32, got "0"/],
    [['--concurrency', '33'], /--concurrency must be a whole number from 1 to 32/],
    [['--concurrency', '2.5'], /--concurrency must be a whole number/],
    [['--page-size', 'ten'], /--page-size must be a whole number from 1 to 1000, got "ten"/],
    [['--page-size', '1001'], /--page-size must be a whole number from 1 to 1000/],
    [['--api-url', 'not a url'], /--api-url "not a url" is not a URL/],
    [['--api-url', 'ftp://files.example.com'], /--api-url must be an http or https URL, got ftp/],
    [
      ['--api-url', 'http://api.example.com'],
      /^--api-url must use https: the API key would cross the network in clear \(plain http is allowed only for localhost/,
    ],
    [['--api-url', 'http://10.0.0.7:8080'], /^--api-url must use https/],
    [['--out', ''], /--out must not be empty/],
    [['--bogus'], /^unknown option '--bogus'/],
    [['--month'], /^option '--month <value>' argument missing \(see --help\)$/],
    [
      ['--period', '--api-url', 'https://api.example.com'],
      /^--period needs a value, but an option follows it \(see --help\)$/,
    ],
  ])('rejects %j with a one-line message', (argv, message) => {
    const error = usageError(argv);
    expect(error.message).toMatch(message);
    expect(error.message).not.toContain('\n');
  });

  it('asks for the key and the URL when neither the options nor the environment give them', () => {
    expect(usageError([], { INVOICING_API_URL: 'http://127.0.0.1:1' }).message).toBe(
      'no API key: set INVOICING_API_KEY (or pass --api-key)',
    );
    expect(usageError([], { INVOICING_API_KEY: 'k' }).message).toBe(
      'no service URL: pass --api-url or set INVOICING_API_URL',
    );
    expect(
      usageError([], { INVOICING_API_URL: 'http://127.0.0.1:1', INVOICING_API_KEY: '  ' }).message,
    ).toMatch(/no API key/);
  });

  it('never repeats a stray argument, which could be a misplaced key', () => {
    const error = usageError(['--month', '2026-09', 'pasted-secret-key']);
    expect(error.message).toMatch(/unexpected argument/);
    expect(error.message).not.toContain('pasted-secret-key');
  });
});
