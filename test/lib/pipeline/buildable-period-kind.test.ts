import { describe, expect, it } from 'vitest';
import { ScheduledEventError } from '../../../lib/pipeline';
import { assertBuildablePeriodKind } from '../../../lib/pipeline/buildable-period-kind';

describe('assertBuildablePeriodKind', () => {
  it('lets a monthly run through, with or without its kind', () => {
    expect(() => assertBuildablePeriodKind({ account: 'acme' })).not.toThrow();
    expect(() => assertBuildablePeriodKind({ account: 'acme', periodKind: 'month' })).not.toThrow();
  });

  it('refuses a yearly run by name rather than report a month instead', () => {
    const run = () => assertBuildablePeriodKind({ account: 'acme', periodKind: 'year' });
    expect(run).toThrow(ScheduledEventError);
    expect(run).toThrow(
      'Invalid scheduled report event: periodKind "year": this version builds monthly reports only',
    );
  });
});
