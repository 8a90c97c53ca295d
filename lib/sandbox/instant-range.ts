import { formatServiceDatetime } from './service-time';

/** Instants from `from` (included) to `to` (excluded), in epoch seconds; a missing bound is open. */
export interface InstantRange {
  from?: number;
  to?: number;
}

/**
 * A range as the `Y-m-d H:i:s` (UTC) texts of its first and last second, both included. Service
 * datetimes compare in time order as text, so a record's test is two string comparisons.
 */
export interface DatetimeBounds {
  first?: string;
  last?: string;
}

export function datetimeBounds(range: InstantRange): DatetimeBounds {
  return {
    first: range.from === undefined ? undefined : formatServiceDatetime(range.from),
    last: range.to === undefined ? undefined : formatServiceDatetime(range.to - 1),
  };
}

/** Whether a `Y-m-d H:i:s` datetime lies within the bounds. */
export function inBounds(datetime: string, bounds: DatetimeBounds): boolean {
  return (
    (bounds.first === undefined || datetime >= bounds.first) &&
    (bounds.last === undefined || datetime <= bounds.last)
  );
}

/** Whether the whole span `[start, end)` lies in the range. */
export function rangeCovers(range: InstantRange, start: number, end: number): boolean {
  return (range.from === undefined || range.from <= start) && (range.to === undefined || end <= range.to);
}
