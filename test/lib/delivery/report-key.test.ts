import { describe, expect, it } from 'vitest';
import { deliveryRecordKey, InvalidReportKeyError, reportKey } from '../../../lib/delivery';

describe('reportKey', () => {
  it('places a report file under reports/<account>/<period>/', () => {
    expect(reportKey('acme', '2026-10', 'paid-invoices.csv')).toBe('reports/acme/2026-10/paid-invoices.csv');
    expect(reportKey('shop-2', '2026-01', 'manifest.json')).toBe('reports/shop-2/2026-01/manifest.json');
    expect(reportKey('acme', '2026-Q3', 'summary.json')).toBe('reports/acme/2026-Q3/summary.json');
    expect(reportKey('acme', '2026', 'report.html')).toBe('reports/acme/2026/report.html');
  });

  it.each([
    ['an empty account', ''],
    ['a slash', 'acme/other'],
    ['a parent directory', '..'],
    ['upper case', 'Acme'],
    ['a space', 'acme corp'],
    ['a dot', 'acme.com'],
  ])('rejects an account with %s', (_, account) => {
    expect(() => reportKey(account, '2026-10', 'payments.csv')).toThrow(InvalidReportKeyError);
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
    expect(() => reportKey('acme', period, 'payments.csv')).toThrow(InvalidReportKeyError);
  });

  it.each(['delivery.json', '../manifest.json', 'REPORT.html', 'report.html/', 'other.csv', ''])(
    'rejects the file name %j',
    (fileName) => {
      expect(() => reportKey('acme', '2026-10', fileName as 'report.html')).toThrow(InvalidReportKeyError);
    },
  );

  it('says which part is wrong', () => {
    expect(() => reportKey('acme', '2026-13', 'payments.csv')).toThrow('period "2026-13" is not valid');
  });
});

describe('deliveryRecordKey', () => {
  it('places the delivery record beside the report', () => {
    expect(deliveryRecordKey('acme', '2026-10')).toBe('reports/acme/2026-10/delivery.json');
  });

  it('validates account and period like reportKey', () => {
    expect(() => deliveryRecordKey('../x', '2026-10')).toThrow(InvalidReportKeyError);
  });
});
