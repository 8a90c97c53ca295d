import type { ScheduledReportEvent } from '../config';
import { ScheduledEventError } from './errors';

/**
 * The schedule and the fan-out already carry a period kind (`periodKind: 'year'` from a yearly slot),
 * but this pipeline builds months only: a yearly run is refused by name rather than reported as a month.
 * The pipeline that builds any period replaces this check.
 * @throws ScheduledEventError for `periodKind: "year"`
 */
export function assertBuildablePeriodKind(request: ScheduledReportEvent): void {
  if (request.periodKind === 'year') {
    throw new ScheduledEventError([
      { path: 'periodKind', message: '"year": this version builds monthly reports only' },
    ]);
  }
}
