import { describe, expect, it } from 'vitest';
import { decimalsOf, doubleHolds, excelSerial } from '../../../../lib/render/xlsx/cell-values';

describe('doubleHolds', () => {
  it.each([
    ['0.00000095', true],
    ['81119.92', true],
    ['-0.5', true],
    ['0', true],
    ['123456789012345', true],
    ['0.000000000000000001', true],
    // 17 significant digits, one a double keeps: 2^53 + 0 is exact.
    ['9007199254740992', true],
    ['0.123456789012345678', false],
    ['98765432109876543.21', false],
    ['9007199254740993', false],
    ['', false],
    ['-', false],
  ])('says %j is %s', (amount, holds) => {
    expect(doubleHolds(amount)).toBe(holds);
  });
});

describe('decimalsOf', () => {
  it('counts the digits after the point', () => {
    expect([decimalsOf('12'), decimalsOf('0.5'), decimalsOf('-0.00000095')]).toEqual([0, 1, 8]);
  });
});

describe('excelSerial', () => {
  it('counts days from 1899-12-30, the time of day as the fraction', () => {
    // 1 Jan 1970 is day 25,569; 1 Sep 2026 is 20,697 days later; 06:00 is a quarter of a day.
    expect(excelSerial('1970-01-01 00:00:00')).toBe(25_569);
    expect(excelSerial('2026-09-01 06:00:00')).toBe(46_266.25);
  });

  it('leaves out what a spreadsheet cannot show as a date, and text that is not a datetime', () => {
    expect(excelSerial('1900-02-28 23:59:59')).toBeUndefined();
    expect(excelSerial('1900-03-01 00:00:00')).toBe(61);
    expect(excelSerial('2026-02-30 10:00:00')).toBeUndefined();
    expect(excelSerial('soon')).toBeUndefined();
  });
});
