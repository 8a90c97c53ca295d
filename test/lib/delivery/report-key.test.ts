import { describe, expect, it } from 'vitest';
import { InvalidReportKeyError, manifestKey, reportPrefix } from '../../../lib/delivery';
import {
  buildFileKey,
  deliveryRecordKey,
  isBuildId,
  isReportFileKey,
  isReportFileKeyOf,
  newBuildId,
} from '../../../lib/delivery/report-key';

const BUILD = '20261101T060000123Z-3f9a0c1e2b4d';

describe('reportPrefix', () => {
  it('is reports/<account>/<period>/ for a month, a quarter and a year', () => {
    expect(reportPrefix('acme', '2026-10')).toBe('reports/acme/2026-10/');
    expect(reportPrefix('shop-2', '2026-Q3')).toBe('reports/shop-2/2026-Q3/');
    expect(reportPrefix('acme', '2026')).toBe('reports/acme/2026/');
  });

  it.each([
    ['an empty account', ''],
    ['a slash', 'acme/other'],
    ['a parent directory', '..'],
    ['upper case', 'Acme'],
    ['a space', 'acme corp'],
    ['a dot', 'acme.com'],
  ])('rejects an account with %s', (_, account) => {
    expect(() => reportPrefix(account, '2026-10')).toThrow(InvalidReportKeyError);
  });

  it.each([
    '2026-13',
    '2026-00',
    '2026-1',
    '26-10',
    '2026-10/..',
    '2026-10-01',
    '2026-Q0',
    '2026-q3',
    '0099-12',
    '1999',
    '',
  ])('rejects the period %j', (period) => {
    expect(() => reportPrefix('acme', period)).toThrow(InvalidReportKeyError);
  });

  it('says which part is wrong', () => {
    expect(() => reportPrefix('acme', '2026-13')).toThrow('period "2026-13" is not valid');
  });
});

describe('buildFileKey', () => {
  it("places a report file in its build's folder of the period", () => {
    expect(buildFileKey('acme', '2026-10', BUILD, 'paid-invoices.csv')).toBe(
      `reports/acme/2026-10/builds/${BUILD}/paid-invoices.csv`,
    );
    expect(buildFileKey('acme', '2026-Q3', BUILD, 'summary.json')).toBe(
      `reports/acme/2026-Q3/builds/${BUILD}/summary.json`,
    );
  });

  it.each(['../x', '', '20261101T060000123Z', `${BUILD}/..`])('rejects the build id %j', (buildId) => {
    expect(() => buildFileKey('acme', '2026-10', buildId, 'payments.csv')).toThrow(InvalidReportKeyError);
  });

  it.each(['delivery.json', 'manifest.json', '../manifest.json', 'REPORT.html', 'report.html/', ''])(
    'rejects the file name %j',
    (fileName) => {
      expect(() => buildFileKey('acme', '2026-10', BUILD, fileName as 'report.html')).toThrow(
        InvalidReportKeyError,
      );
    },
  );

  it('rejects an account that would leave the prefix', () => {
    expect(() => buildFileKey('../other', '2026-10', BUILD, 'report.html')).toThrow(InvalidReportKeyError);
  });
});

describe('manifestKey and deliveryRecordKey', () => {
  it('place the manifest and the delivery record at the period, beside the builds', () => {
    expect(manifestKey('acme', '2026-10')).toBe('reports/acme/2026-10/manifest.json');
    expect(deliveryRecordKey('acme', '2026-10')).toBe('reports/acme/2026-10/delivery.json');
  });

  it('validate account and period like reportPrefix', () => {
    expect(() => manifestKey('acme', '2026-13')).toThrow(InvalidReportKeyError);
    expect(() => deliveryRecordKey('../x', '2026-10')).toThrow(InvalidReportKeyError);
  });
});

describe('isReportFileKeyOf and isReportFileKey', () => {
  it("accept a file in a build's folder, and one saved beside the manifest before builds", () => {
    for (const key of [
      `reports/acme/2026-10/builds/${BUILD}/payments.csv`,
      'reports/acme/2026-10/report.html',
    ]) {
      expect(isReportFileKeyOf(key, 'acme', '2026-10')).toBe(true);
      expect(isReportFileKey(key)).toBe(true);
    }
  });

  it.each([
    ['the manifest', 'reports/acme/2026-10/manifest.json'],
    ['the delivery record', 'reports/acme/2026-10/delivery.json'],
    ['another period', `reports/acme/2026-09/builds/${BUILD}/payments.csv`],
    ['another account', `reports/globex/2026-10/builds/${BUILD}/payments.csv`],
    ['a folder that is no build', 'reports/acme/2026-10/builds/latest/payments.csv'],
    ['a way out of the build', `reports/acme/2026-10/builds/${BUILD}/../../manifest.json`],
    ['a key outside reports/', `other/acme/2026-10/builds/${BUILD}/payments.csv`],
    ['a folder', `reports/acme/2026-10/builds/${BUILD}/`],
  ])('refuse %s as a file of acme 2026-10', (_what, key) => {
    expect(isReportFileKeyOf(key, 'acme', '2026-10')).toBe(false);
  });

  it('refuse a key whose account or period is not valid', () => {
    expect(isReportFileKey(`reports/Acme/2026-10/builds/${BUILD}/payments.csv`)).toBe(false);
    expect(isReportFileKey(`reports/acme/1999-10/builds/${BUILD}/payments.csv`)).toBe(false);
    expect(isReportFileKey('reports/acme/2026-10/delivery.json')).toBe(false);
  });
});

describe('newBuildId', () => {
  it('begins with the UTC instant to the millisecond, then 12 random hex digits', () => {
    const id = newBuildId(new Date('2026-11-01T06:00:00.123Z'));
    expect(id).toMatch(/^20261101T060000123Z-[0-9a-f]{12}$/);
    expect(isBuildId(id)).toBe(true);
  });

  it('sorts as text in the order of the instants, across a second, a day and a year', () => {
    const instants = [
      '2026-12-31T23:59:59.999Z',
      '2026-11-01T06:00:00.001Z',
      '2027-01-01T00:00:00.000Z',
      '2026-11-01T06:00:00.000Z',
      '2026-11-02T00:00:00.000Z',
    ];
    const ids = instants.map((instant) => newBuildId(new Date(instant)));
    const byText = [...ids].sort();
    expect(byText.map((id) => ids.indexOf(id))).toEqual([3, 1, 4, 0, 2]);
  });

  it('never gives two builds begun at the same millisecond the same id', () => {
    const at = new Date('2026-11-01T06:00:00.000Z');
    const ids = new Set(Array.from({ length: 1000 }, () => newBuildId(at)));
    expect(ids.size).toBe(1000);
  });

  it('refuses an instant past the year 9999 and an invalid date', () => {
    expect(() => newBuildId(new Date('+010000-01-01T00:00:00Z'))).toThrow(RangeError);
    expect(() => newBuildId(new Date(Number.NaN))).toThrow(RangeError);
  });
});

describe('isBuildId', () => {
  it.each([
    ['a path', '../20261101T060000123Z-3f9a0c1e2b4d'],
    ['upper-case hex', '20261101T060000123Z-3F9A0C1E2B4D'],
    ['no random part', '20261101T060000123Z'],
    ['an ISO instant', '2026-11-01T06:00:00.123Z-3f9a0c1e2b4d'],
    ['a number', 20261101],
  ])('refuses %s', (_what, value) => {
    expect(isBuildId(value)).toBe(false);
  });
});
