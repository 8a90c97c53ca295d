import { describe, expect, it } from 'vitest';
import { InvalidReportKeyError, signReportLinks, verifyReportLink } from '../../../lib/delivery';
import { TEST_SIGNING_KEY } from './report-fixture';

const BASE_URL = 'https://reports.example.com/';
// 2026-11-01T06:00:00.750Z: the milliseconds must not reach the links.
const NOW = new Date(Date.UTC(2026, 10, 1, 6, 0, 0, 750));
// 2026-11-30T00:00:00Z is 1795996800; 2026-12-01T06:00:00Z is one day and six hours later.
const THIRTY_DAYS_LATER = 1_795_996_800 + 86_400 + 6 * 3_600;

function verifyAt(link: string, now: Date) {
  const url = new URL(link);
  const [, , account, period, fileName] = url.pathname.split('/');
  return verifyReportLink({
    generation: 1,
    account,
    period,
    fileName,
    expires: url.searchParams.get('expires'),
    signature: url.searchParams.get('signature'),
    signingKey: TEST_SIGNING_KEY,
    now,
  });
}

describe('signReportLinks', () => {
  it('signs a link per file, all expiring whole days later at the same second', () => {
    const { links, expiresAt } = signReportLinks({
      generation: 1,
      baseUrl: BASE_URL,
      account: 'acme',
      period: '2026-10',
      files: ['report.html', 'paid-invoices.csv', 'payments.csv'],
      lifetimeDays: 30,
      now: NOW,
      signingKey: TEST_SIGNING_KEY,
    });
    expect(expiresAt.toISOString()).toBe('2026-12-01T06:00:00.000Z');
    expect(expiresAt.getTime()).toBe(THIRTY_DAYS_LATER * 1000);
    expect(Object.keys(links)).toEqual(['report.html', 'paid-invoices.csv', 'payments.csv']);
    for (const [fileName, link] of Object.entries(links)) {
      expect(link).toMatch(
        new RegExp(
          `^https://reports\\.example\\.com/reports/acme/2026-10/${fileName.replace('.', '\\.')}` +
            `\\?expires=${THIRTY_DAYS_LATER}&signature=[0-9a-f]{64}$`,
        ),
      );
    }
  });

  it('makes links that verify until their expiry second and not from it on', () => {
    const { links } = signReportLinks({
      generation: 1,
      baseUrl: BASE_URL,
      account: 'shop-2',
      period: '2026-10',
      files: ['summary.json'],
      lifetimeDays: 1,
      now: NOW,
      signingKey: TEST_SIGNING_KEY,
    });
    // One day after 06:00:00.750 is 06:00:00.750 the next day, rounded down to 06:00:00.
    expect(verifyAt(links['summary.json'], new Date(Date.UTC(2026, 10, 2, 5, 59, 59, 999)))).toBe('valid');
    expect(verifyAt(links['summary.json'], new Date(Date.UTC(2026, 10, 2, 6, 0, 0)))).toBe('expired');
  });

  it('expires at a given instant, rounded down to its second', () => {
    const { links, expiresAt } = signReportLinks({
      generation: 1,
      baseUrl: BASE_URL,
      account: 'acme',
      period: '2026-10',
      files: ['report.html'],
      expiresAt: new Date(Date.UTC(2026, 10, 30, 0, 0, 0, 999)),
      signingKey: TEST_SIGNING_KEY,
    });
    expect(expiresAt.toISOString()).toBe('2026-11-30T00:00:00.000Z');
    expect(new URL(links['report.html']).searchParams.get('expires')).toBe('1795996800');
  });

  it('counts a day as 24 hours across a daylight saving change', () => {
    // Europe's clocks went back on 25 October 2026; the lifetime is in instants, not wall-clock days.
    const { expiresAt } = signReportLinks({
      generation: 1,
      baseUrl: BASE_URL,
      account: 'acme',
      period: '2026-10',
      files: ['report.html'],
      lifetimeDays: 2,
      now: new Date(Date.UTC(2026, 9, 24, 12, 0, 0)),
      signingKey: TEST_SIGNING_KEY,
    });
    expect(expiresAt.toISOString()).toBe('2026-10-26T12:00:00.000Z');
  });

  it.each([0, -1, 1.5, Number.NaN])('refuses a lifetime of %s days', (lifetimeDays) => {
    expect(() =>
      signReportLinks({
        generation: 1,
        baseUrl: BASE_URL,
        account: 'acme',
        period: '2026-10',
        files: ['report.html'],
        lifetimeDays,
        now: NOW,
        signingKey: TEST_SIGNING_KEY,
      }),
    ).toThrow(/a link lifetime must be a whole number of days, at least 1/);
  });

  it('refuses an account that would not make a safe link', () => {
    expect(() =>
      signReportLinks({
        generation: 1,
        baseUrl: BASE_URL,
        account: '../acme',
        period: '2026-10',
        files: ['report.html'],
        lifetimeDays: 30,
        now: NOW,
        signingKey: TEST_SIGNING_KEY,
      }),
    ).toThrow(InvalidReportKeyError);
  });
});
