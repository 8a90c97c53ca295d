import { describe, expect, it } from 'vitest';
import { progressAt } from '../../../lib/report-api/report-store';

describe('progressAt', () => {
  it('calls a report built after its period ended complete, running to the end', () => {
    expect(progressAt('2026-11-01T00:00:00.000Z', '2026-11-01T06:00:00.000Z')).toEqual({
      complete: true,
      asOf: '2026-11-01T00:00:00.000Z',
    });
  });

  it('calls a report built at the very instant its period ends complete', () => {
    expect(progressAt('2026-11-01T00:00:00.000Z', '2026-11-01T00:00:00.000Z').complete).toBe(true);
  });

  it('calls a report built before its period ended so far, running to when it was built', () => {
    expect(progressAt('2026-11-01T00:00:00.000Z', '2026-10-23T13:35:02.000Z')).toEqual({
      complete: false,
      asOf: '2026-10-23T13:35:02.000Z',
    });
  });
});
