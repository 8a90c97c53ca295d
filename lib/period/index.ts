export { periodBounds, type Span, zonedDayKey, zonedDayStart } from './bounds';
export { firstMonthOf, monthsOfPeriod, nextPeriod, periodOfMonth, previousPeriod } from './calendar';
export { defaultPeriod, hasBegun, notBegunReason, periodAt } from './clock';
export {
  FIRST_YEAR,
  isMonthId,
  isPeriodId,
  isPeriodShaped,
  type MonthPeriod,
  monthPeriod,
  outOfRangeReason,
  type Period,
  type PeriodKind,
  type PeriodOfKind,
  parseAnyYearPeriod,
  parseMonth,
  parsePeriod,
  type QuarterPeriod,
  quarterPeriod,
  type YearPeriod,
  yearPeriod,
} from './period-id';
export { monthName, periodName } from './period-name';
export { type PeriodProgress, periodProgress } from './progress';
export { ReportRequestError } from './report-request-error';
export {
  END_OF_SERVICE_MS,
  FIRST_SERVICE_MS,
  isExistingServiceDatetime,
  parseServiceDatetime,
  SERVICE_DATETIME_PATTERN,
  serviceDatetimeFromEpochSeconds,
  serviceDatetimeToEpochMs,
} from './service-datetime';
export { firstSkippedDate, type MonthlyLocalTime } from './skipped-local-time';
export { canonicalTimeZone, parseTimeZone, timeZoneSchema } from './time-zone';
export { shiftUtcDay, utcDayKey } from './utc-days';
export { isZoneOrOffset, type ZoneDay, ZoneDays } from './zone-days';
export { createDayLocator, type ZonedDay, zonedDaysOfPeriod } from './zoned-days';
