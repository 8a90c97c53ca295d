import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { canonicalTimeZone, parseTimeZone, ReportRequestError, timeZoneSchema } from '../../../lib/period';

describe('parseTimeZone', () => {
  it('accepts IANA names', () => {
    expect(parseTimeZone('Europe/Berlin')).toBe('Europe/Berlin');
    expect(parseTimeZone('UTC')).toBe('UTC');
    expect(parseTimeZone('Asia/Kolkata')).toBe('Asia/Kolkata');
  });

  it('returns a name in another case as it was given', () => {
    expect(parseTimeZone('europe/berlin')).toBe('europe/berlin');
  });

  it.each(['Mars/Olympus', 'Europe/Berlinn', '', 'GMT+25', '+01:00'])(
    'rejects the unknown zone %j',
    (zone) => {
      expect(() => parseTimeZone(zone)).toThrow(ReportRequestError);
      expect(() => parseTimeZone(zone)).toThrow(
        `unknown time zone ${JSON.stringify(zone)}: expected an IANA name such as UTC or Europe/Berlin`,
      );
    },
  );
});

describe('canonicalTimeZone', () => {
  it('spells a name as the time zone database does', () => {
    expect(canonicalTimeZone('europe/berlin')).toBe('Europe/Berlin');
    expect(canonicalTimeZone('AMERICA/NEW_YORK')).toBe('America/New_York');
    expect(canonicalTimeZone('Pacific/Auckland')).toBe('Pacific/Auckland');
  });

  it('rejects a name the runtime does not know, also the second time', () => {
    expect(() => canonicalTimeZone('Mars/Olympus')).toThrow(
      'unknown time zone "Mars/Olympus": expected an IANA name such as UTC or Europe/Berlin',
    );
    expect(() => canonicalTimeZone('Mars/Olympus')).toThrow(ReportRequestError);
  });
});

describe('timeZoneSchema', () => {
  const problems = (zone: unknown) =>
    timeZoneSchema.safeParse(zone).error?.issues.map((issue) => issue.message) ?? [];

  it('accepts a name spelt as the database spells it', () => {
    expect(timeZoneSchema.parse('Europe/Berlin')).toBe('Europe/Berlin');
    expect(timeZoneSchema.parse('UTC')).toBe('UTC');
  });

  it('refuses an unknown zone or an offset by name', () => {
    expect(problems('Mars/Base')).toEqual(['unknown time zone "Mars/Base"']);
    expect(problems('+01:00')).toEqual(['unknown time zone "+01:00"']);
  });

  it('refuses a name in the wrong case with the right spelling', () => {
    expect(problems('europe/berlin')).toEqual(['write the time zone as "Europe/Berlin"']);
  });

  it.each(['asia/kolkata', 'asia/kathmandu', 'europe/kyiv', 'us/eastern', 'etc/utc', 'Asia/kolkata'])(
    'refuses %j, another name of a zone, in the wrong case',
    (zone) => {
      // The runtime spells these zones by older names (Asia/Calcutta, Asia/Katmandu, Europe/Kiev, ...),
      // so the spelling asked for cannot be read from it; every name of the database starts each part
      // with a capital.
      expect(problems(zone)).toEqual([
        'write the time zone as the time zone database spells it, each part starting with a capital (such as "Asia/Kolkata" or "US/Eastern")',
      ]);
    },
  );

  it('accepts other names of a zone spelt as the database spells them', () => {
    for (const zone of [
      'Asia/Kolkata',
      'Asia/Kathmandu',
      'Europe/Kyiv',
      'US/Eastern',
      'Etc/UTC',
      'Etc/GMT+5',
    ]) {
      expect(problems(zone)).toEqual([]);
    }
  });

  it('keeps the message of a schema in front of it', () => {
    const schema = z.string({ error: 'must be a zone' }).pipe(timeZoneSchema);
    expect(schema.safeParse(3).error?.issues.map((issue) => issue.message)).toEqual(['must be a zone']);
    expect(schema.safeParse('Mars/Base').error?.issues.map((issue) => issue.message)).toEqual([
      'unknown time zone "Mars/Base"',
    ]);
  });
});
