import Big from 'big.js';
import { describe, expect, it } from 'vitest';
import {
  formatCount,
  formatCountChange,
  formatCrypto,
  formatDates,
  formatDay,
  formatDayRange,
  formatDecimal,
  formatDelay,
  formatFiat,
  formatFiatChange,
  formatInstant,
  formatMonthShort,
  formatPercentChange,
  formatPeriod,
  formatServiceDatetime,
  formatShare,
  formatUSD,
  formatUSDChange,
  shortId,
  truncateText,
} from '../../../lib/report/format';

describe('formatUSD', () => {
  it('groups thousands and keeps two decimals', () => {
    expect(formatUSD(new Big('81119.92'))).toBe('81,119.92 USD');
    expect(formatUSD(new Big('1234.5'))).toBe('1,234.50 USD');
    expect(formatUSD(new Big('1234567.8'))).toBe('1,234,567.80 USD');
  });

  it('writes small and zero amounts with two decimals', () => {
    expect(formatUSD(new Big('0'))).toBe('0.00 USD');
    expect(formatUSD(new Big('0.5'))).toBe('0.50 USD');
    expect(formatUSD(new Big('999'))).toBe('999.00 USD');
  });

  it('keeps decimals beyond the cents rather than rounding them away', () => {
    expect(formatUSD(new Big('0.125'))).toBe('0.125 USD');
  });

  it('never writes exponent form, however large', () => {
    expect(formatUSD(new Big('1e21'))).toBe('1,000,000,000,000,000,000,000.00 USD');
  });

  it('accepts a plain decimal string', () => {
    expect(formatUSD('71898')).toBe('71,898.00 USD');
  });

  it('writes a negative amount with its minus before the digits', () => {
    expect(formatUSD(new Big('-1234567.8'))).toBe('-1,234,567.80 USD');
  });

  it('drops the sign of a negative zero', () => {
    expect(formatUSD(new Big('-0'))).toBe('0.00 USD');
  });
});

describe('formatFiat', () => {
  it("uses the currency's minor unit", () => {
    expect(formatFiat(new Big('1234.5'), 'EUR')).toBe('1,234.50 EUR');
    expect(formatFiat(new Big('12000'), 'JPY')).toBe('12,000 JPY');
    expect(formatFiat(new Big('1.5'), 'KWD')).toBe('1.500 KWD');
  });

  it('uses two decimals for a code it does not know', () => {
    expect(formatFiat(new Big('7'), 'USDT')).toBe('7.00 USDT');
  });

  it('writes the code, never a symbol', () => {
    expect(formatFiat(new Big('5'), 'GBP')).toBe('5.00 GBP');
  });
});

describe('formatCrypto', () => {
  it('keeps every digit of a tiny amount, with no exponent', () => {
    expect(formatCrypto(new Big('0.00000095'), 'BTC')).toBe('0.00000095 BTC');
    // A Big made from the number 9.5e-7 still prints in plain notation.
    expect(formatCrypto(new Big(0.00000095), 'BTC')).toBe('0.00000095 BTC');
  });

  it('groups the integer part only', () => {
    expect(formatCrypto(new Big('1234.5'), 'USDT')).toBe('1,234.5 USDT');
    expect(formatCrypto('1234567.123456789012345678', 'ETH')).toBe('1,234,567.123456789012345678 ETH');
  });

  it('writes a 1e21-sized amount in full', () => {
    expect(formatCrypto(new Big('1e21'), 'SHIB')).toBe('1,000,000,000,000,000,000,000 SHIB');
  });

  it('adds no decimals to a whole amount', () => {
    expect(formatCrypto(new Big('3'), 'ETH')).toBe('3 ETH');
  });
});

describe('formatDecimal', () => {
  it('pads to the minimum number of decimals', () => {
    expect(formatDecimal(new Big('2.5'), 3)).toBe('2.500');
  });

  it('groups an integer part of 20,000 digits in thousands', () => {
    // 20,000 digits: '12' then 6,666 groups of '345'.
    const digits = `12${'345'.repeat(6_666)}`;

    expect(formatDecimal(`${digits}.5`)).toBe(`12${',345'.repeat(6_666)}.5`);
  });
});

describe('counts and changes', () => {
  it('groups a count', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1234)).toBe('1,234');
    expect(formatCount(1234567)).toBe('1,234,567');
  });

  it('rejects a count that is not a whole number', () => {
    expect(() => formatCount(1.5)).toThrow(/whole number/);
  });

  it('signs a change in a count', () => {
    expect(formatCountChange(34)).toBe('+34');
    expect(formatCountChange(-3)).toBe('-3');
    expect(formatCountChange(0)).toBe('0');
    expect(formatCountChange(-1200)).toBe('-1,200');
  });

  it('signs a USD difference, its code held to it by a no-break space', () => {
    expect(formatUSDChange(new Big('7985.6'))).toBe('+7,985.60\u00a0USD');
    expect(formatUSDChange(new Big('-3.5'))).toBe('-3.50\u00a0USD');
    expect(formatUSDChange(new Big('0'))).toBe('0.00\u00a0USD');
    expect(formatUSDChange(new Big('-71898'))).toBe('-71,898.00\u00a0USD');
  });

  it('signs a fiat difference in its own currency, its code held to it by a no-break space', () => {
    expect(formatFiatChange(new Big('10.5'), 'EUR')).toBe('+10.50\u00a0EUR');
    expect(formatFiatChange(new Big('-500'), 'JPY')).toBe('-500\u00a0JPY');
  });
});

describe('percentages', () => {
  it('signs a percentage change with one decimal', () => {
    expect(formatPercentChange(new Big('12.5'))).toBe('+12.5 %');
    expect(formatPercentChange(new Big('-3'))).toBe('-3.0 %');
    expect(formatPercentChange(new Big('0'))).toBe('0.0 %');
    expect(formatPercentChange(new Big('-100'))).toBe('-100.0 %');
  });

  it('says n/a when there is no percentage', () => {
    expect(formatPercentChange(null)).toBe('n/a');
  });

  it('writes a share of a whole with one decimal, rounded half-up', () => {
    expect(formatShare(1, 3)).toBe('33.3 %');
    expect(formatShare(2, 3)).toBe('66.7 %');
    expect(formatShare(120, 150)).toBe('80.0 %');
    expect(formatShare(new Big('718.8'), new Big('71898'))).toBe('1.0 %');
    // 1/8 = 12.5 % exactly; 1/16 = 6.25 % rounds half-up to 6.3 %.
    expect(formatShare(1, 16)).toBe('6.3 %');
  });

  it('says n/a for a share of nothing', () => {
    expect(formatShare(0, 0)).toBe('n/a');
  });
});

describe('dates and times', () => {
  it('writes a day with the month abbreviated', () => {
    expect(formatDay('2026-10-01')).toBe('1 Oct 2026');
    expect(formatDay('2026-12-31')).toBe('31 Dec 2026');
  });

  it('writes the dates sent to the service', () => {
    expect(formatDates({ startDate: '2026-09-30', endDate: '2026-11-02' })).toBe('30 Sep 2026 – 2 Nov 2026');
  });

  it("reads a period's days in its own zone", () => {
    expect(
      formatPeriod({
        start: '2026-09-30T22:00:00.000Z',
        end: '2026-10-31T23:00:00.000Z',
        timezone: 'Europe/Berlin',
        complete: true,
        asOf: '2026-10-31T23:00:00.000Z',
      }),
    ).toBe('1–31 Oct 2026 (Europe/Berlin)');
    // New York leaves daylight saving time at 02:00 on 1 Nov 2026: the month still ends on 31 Oct.
    expect(
      formatPeriod({
        start: '2026-10-01T04:00:00.000Z',
        end: '2026-11-01T04:00:00.000Z',
        timezone: 'America/New_York',
        complete: true,
        asOf: '2026-11-01T04:00:00.000Z',
      }),
    ).toBe('1–31 Oct 2026 (America/New_York)');
  });

  it('writes the days of a period not ended up to the instant it runs to, and says so', () => {
    expect(
      formatPeriod({
        start: '2026-10-31T23:00:00.000Z',
        end: '2026-11-30T23:00:00.000Z',
        timezone: 'Europe/Berlin',
        complete: false,
        asOf: '2026-11-23T13:35:00.000Z',
      }),
    ).toBe('1–23 Nov 2026 so far, as of 23 Nov 2026, 14:35 (Europe/Berlin)');
  });

  it('writes a range of days as compactly as people do', () => {
    // Days of Berlin: 1 October is CEST (+2), 1 January CET (+1).
    expect(formatDayRange('2026-09-30T22:00:00Z', '2026-12-31T23:00:00Z', 'Europe/Berlin')).toBe(
      '1 Oct – 31 Dec 2026',
    );
    expect(formatDayRange('2025-11-30T23:00:00Z', '2026-01-23T10:00:00Z', 'Europe/Berlin')).toBe(
      '1 Dec 2025 – 23 Jan 2026',
    );
    expect(formatDayRange('2026-11-01T00:00:00Z', '2026-11-01T10:00:00Z', 'UTC')).toBe('1 Nov 2026');
    // The end is exclusive: up to midnight of 24 November is up to 23 November.
    expect(formatDayRange('2026-11-01T00:00:00Z', '2026-11-24T00:00:00Z', 'UTC')).toBe('1–23 Nov 2026');
    expect(formatDayRange('2026-09-01T00:00:00Z', '2026-09-24T00:00:00Z', 'UTC')).toBe('1–23 Sep 2026');
  });

  it('names a month for an axis label', () => {
    expect(formatMonthShort('2026-09')).toBe('Sep');
    expect(() => formatMonthShort('2026-13')).toThrow(RangeError);
  });

  it('writes an instant in a zone and names the zone', () => {
    expect(formatInstant('2026-11-01T05:00:00.000Z', 'Europe/Berlin')).toBe(
      '1 Nov 2026, 06:00 (Europe/Berlin)',
    );
    expect(formatInstant('2026-12-01T06:00:00.000Z', 'UTC')).toBe('1 Dec 2026, 06:00 (UTC)');
  });

  it("moves a service datetime (UTC) into the report's zone", () => {
    expect(formatServiceDatetime('2026-10-01 12:00:00', 'Europe/Berlin')).toBe('1 Oct 2026, 14:00');
    expect(formatServiceDatetime('2026-09-30 22:30:00', 'Europe/Berlin')).toBe('1 Oct 2026, 00:30');
    expect(formatServiceDatetime('2026-10-31 12:00:00', 'Europe/Berlin')).toBe('31 Oct 2026, 13:00');
  });

  it('rejects an unknown time zone by name', () => {
    expect(() => formatInstant('2026-11-01T05:00:00.000Z', 'Mars/Olympus')).toThrow(
      'unknown time zone "Mars/Olympus": expected an IANA name such as UTC or Europe/Berlin',
    );
  });

  it('rejects a service datetime in another shape', () => {
    expect(() => formatServiceDatetime('2026-10-01T12:00:00Z', 'UTC')).toThrow(/Y-m-d H:i:s/);
  });

  it('writes how late a payment was', () => {
    expect(formatDelay(0)).toBe('under 1 s');
    expect(formatDelay(45)).toBe('45 s');
    expect(formatDelay(720)).toBe('12 min');
    expect(formatDelay(754)).toBe('12 min 34 s');
    expect(formatDelay(3600)).toBe('60 min');
  });
});

describe('identifiers and text', () => {
  it('shortens an id to its first 8 characters', () => {
    expect(shortId('3f2a9c1e-5b7d-4e21-9a0c-6d8e1f2a3b4c')).toBe('3f2a9c1e');
  });

  it('cuts long text at a character boundary people see, emoji included', () => {
    expect(truncateText('short', 10)).toBe('short');
    expect(truncateText('abcdefghij', 5)).toBe('abcd…');
    // A family emoji is several code points but one character: it is kept whole or left out whole.
    expect(truncateText('ab👨‍👩‍👧cdef', 4)).toBe('ab👨‍👩‍👧…');
  });

  it('cuts a text of a million characters from its beginning, as a short one', () => {
    // 'Zahlung 👍🏽 ' is 10 characters as people count them (the thumb with its skin tone is one).
    const text = 'Zahlung 👍🏽 '.repeat(100_000);

    expect(truncateText(text, 25)).toBe('Zahlung 👍🏽 Zahlung 👍🏽 Zahl…');
  });

  it('keeps a text of exactly the length whole, however many units its characters take', () => {
    const text = '👨‍👩‍👧'.repeat(80);

    expect(truncateText(text, 80)).toBe(text);
    expect(truncateText(`${text}x`, 80)).toBe(`${'👨‍👩‍👧'.repeat(79)}…`);
  });

  it('cuts a letter with thousands of combining marks where the read prefix ends', () => {
    // An e with 10,000 acute accents is one character of 10,001 units: too long to read whole, it is
    // left out, with the rest.
    expect(truncateText(`abe${'\u0301'.repeat(10_000)}cd`, 4)).toBe('ab…');
  });
});
