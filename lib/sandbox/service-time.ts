/**
 * Time as the sandbox keeps it: whole seconds since the Unix epoch, UTC throughout, and months as
 * integers (`year * 12 + monthIndex`, January 0) so that "the next month" is `month + 1`.
 */
export type MonthNumber = number;

export function monthOfEpochSeconds(epochSeconds: number): MonthNumber {
  const date = new Date(epochSeconds * 1000);
  return date.getUTCFullYear() * 12 + date.getUTCMonth();
}

/** First second of a month, UTC. */
export function monthStartSeconds(month: MonthNumber): number {
  return Date.UTC(Math.floor(month / 12), month % 12, 1) / 1000;
}

/** The statistics endpoint's key of a `Y-m-d` day's month, English name and four-digit year: `October-2026`. */
export function statisticsMonthKey(day: string): string {
  const date = new Date(Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, 1));
  const year = String(date.getUTCFullYear()).padStart(4, '0');
  return `${date.toLocaleString('en-US', { month: 'long', timeZone: 'UTC' })}-${year}`;
}
