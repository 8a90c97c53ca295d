import { describe, expect, it } from 'vitest';
import { parseDeploymentConfig } from '../../../lib/config';
import { ReportRequestError } from '../../../lib/period';
import { resolveReportMonth } from '../../../lib/pipeline';

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
  }).accounts[0]!;
}

// 23:30 UTC on 31 October 2026 is already 00:30 on 1 November in Berlin (UTC+1), but not in New York.
const TURN_OF_THE_MONTH = new Date('2026-10-31T23:30:00Z');

describe('resolveReportMonth', () => {
  it('defaults to the previous month in the account time zone', () => {
    expect(resolveReportMonth(account('Europe/Berlin'), undefined, TURN_OF_THE_MONTH)).toBe('2026-10');
    expect(resolveReportMonth(account('America/New_York'), undefined, TURN_OF_THE_MONTH)).toBe('2026-09');
  });

  it('defaults to December of the year before in January', () => {
    expect(resolveReportMonth(account('UTC'), undefined, new Date('2027-01-01T06:00:00Z'))).toBe('2026-12');
  });

  it('keeps a month asked for, the current one included', () => {
    expect(resolveReportMonth(account('Europe/Berlin'), '2025-02', TURN_OF_THE_MONTH)).toBe('2025-02');
    expect(resolveReportMonth(account('Europe/Berlin'), '2026-11', TURN_OF_THE_MONTH)).toBe('2026-11');
  });

  it('refuses a month that has not begun in the account time zone', () => {
    const future = () => resolveReportMonth(account('America/New_York'), '2026-11', TURN_OF_THE_MONTH);
    expect(future).toThrow(ReportRequestError);
    expect(future).toThrow('2026-11 has not begun yet in America/New_York');
  });

  it('refuses a malformed month', () => {
    expect(() => resolveReportMonth(account('UTC'), '2026-13', TURN_OF_THE_MONTH)).toThrow(
      ReportRequestError,
    );
  });
});
