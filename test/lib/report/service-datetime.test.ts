import { describe, expect, it } from 'vitest';
import { parseServiceDatetime } from '../../../lib/report/service-datetime';

const at = (iso: string) => Date.parse(iso);

describe('parseServiceDatetime', () => {
  it('reads the service datetime as UTC', () => {
    expect(parseServiceDatetime('2026-03-01 00:00:00')).toBe(at('2026-03-01T00:00:00Z'));
    expect(parseServiceDatetime('2026-02-28 23:59:59')).toBe(at('2026-02-28T23:59:59Z'));
    expect(parseServiceDatetime('2024-02-29 12:34:56')).toBe(at('2024-02-29T12:34:56Z'));
  });

  it.each([
    '2026-02-30 10:00:00',
    '2026-03-01 24:00:00',
    '2026-03-01 10:60:00',
    '2026-03-01T10:00:00',
    '2026-03-01',
  ])('rejects %j', (text) => {
    expect(() => parseServiceDatetime(text)).toThrow(`Invalid service datetime ${JSON.stringify(text)}`);
  });
});
