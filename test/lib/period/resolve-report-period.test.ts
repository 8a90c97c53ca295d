import { describe, expect, it } from 'vitest';
import { parseDeploymentConfig } from '../../../lib/config';
import { ReportRequestError, resolveReportPeriod } from '../../../lib/period';

function account(timezone: string) {
  return parseDeploymentConfig({
    accounts: [
      {
        name: 'acme',
        apiUrl: 'https://api.example.com',
        apiKeySecretName: 'invoice-reports/acme/api-key',
        timezone,
        recipients: ['books@acme.example'],
        sender: 'reports@acme.example',
      },
    ],
    alarmEmail: 'ops@example.com',
  }).accounts[0]!;
}

// 23:30 UTC on 31 October 2026 is already 00:30 on 1 November in Berlin (UTC+1), but not in New York.
const TURN_OF_THE_MONTH = new Date('2026-10-31T23:30:00Z');

describe('resolveReportPeriod', () => {
  it('defaults to the previous month in the account time zone', () => {
    expect(resolveReportPeriod(account('Europe/Berlin'), undefined, TURN_OF_THE_MONTH)).toBe('2026-10');
    expect(resolveReportPeriod(account('America/New_York'), undefined, TURN_OF_THE_MONTH)).toBe('2026-09');
  });

  it('defaults to December of the year before in January', () => {
    expect(resolveReportPeriod(account('UTC'), undefined, new Date('2027-01-01T06:00:00Z'))).toBe('2026-12');
  });

  it('keeps a month asked for, the current one included', () => {
    expect(resolveReportPeriod(account('Europe/Berlin'), '2025-02', TURN_OF_THE_MONTH)).toBe('2025-02');
    expect(resolveReportPeriod(account('Europe/Berlin'), '2026-11', TURN_OF_THE_MONTH)).toBe('2026-11');
  });

  it('refuses a month that has not begun in the account time zone', () => {
    const future = () => resolveReportPeriod(account('America/New_York'), '2026-11', TURN_OF_THE_MONTH);
    expect(future).toThrow(ReportRequestError);
    expect(future).toThrow('2026-11 has not begun yet in America/New_York: no report for it yet');
  });

  it('refuses a malformed month', () => {
    expect(() => resolveReportPeriod(account('UTC'), '2026-13', TURN_OF_THE_MONTH)).toThrow(
      ReportRequestError,
    );
  });

  it('keeps a quarter or a year asked for, the current one included', () => {
    expect(resolveReportPeriod(account('Europe/Berlin'), '2026-Q3', TURN_OF_THE_MONTH)).toBe('2026-Q3');
    expect(resolveReportPeriod(account('Europe/Berlin'), '2026-Q4', TURN_OF_THE_MONTH)).toBe('2026-Q4');
    expect(resolveReportPeriod(account('Europe/Berlin'), '2026', TURN_OF_THE_MONTH)).toBe('2026');
  });

  it('refuses a quarter or a year that has not begun in the account time zone', () => {
    // 1 January 2027, 00:30 in Berlin; still 31 December 2026 in New York.
    const newYear = new Date('2026-12-31T23:30:00Z');
    expect(resolveReportPeriod(account('Europe/Berlin'), '2027-Q1', newYear)).toBe('2027-Q1');
    expect(() => resolveReportPeriod(account('America/New_York'), '2027', newYear)).toThrow(
      '2027 has not begun yet in America/New_York: no report for it yet',
    );
  });

  it.each(['0099-12', '0100-01', '0000-01', '0001-01', '1999', '2026-Q5', '2026-q1'])(
    'refuses %j: malformed, or before 2000',
    (period) => {
      expect(() => resolveReportPeriod(account('UTC'), period, TURN_OF_THE_MONTH)).toThrow(
        ReportRequestError,
      );
    },
  );

  it('defaults to the previous quarter or year when a schedule asks for that kind', () => {
    const newYear = new Date('2027-01-01T06:00:00Z');
    expect(resolveReportPeriod(account('UTC'), undefined, newYear, 'year')).toBe('2026');
    expect(resolveReportPeriod(account('UTC'), undefined, newYear, 'quarter')).toBe('2026-Q4');
    // 06:00 UTC is 01:00 on 1 January in New York: the year before is 2026 there too.
    expect(resolveReportPeriod(account('America/New_York'), undefined, newYear, 'year')).toBe('2026');
    // At 03:00 UTC it is still 31 December 2026, 22:00 in New York: the year before is 2025.
    expect(
      resolveReportPeriod(account('America/New_York'), undefined, new Date('2027-01-01T03:00:00Z'), 'year'),
    ).toBe('2025');
  });
});
