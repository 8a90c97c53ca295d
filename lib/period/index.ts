export {
  createDayLocator,
  defaultPeriod,
  hasBegun,
  notBegunReason,
  type PeriodProgress,
  periodAt,
  periodBounds,
  periodProgress,
  type Span,
  type ZonedDay,
  zonedDayKey,
  zonedDayStart,
  zonedDaysOfPeriod,
} from './bounds';
export * from './period-id';
export {
  END_OF_SERVICE_MS,
  FIRST_SERVICE_MS,
  isExistingServiceDatetime,
  parseServiceDatetime,
  SERVICE_DATETIME_PATTERN,
  serviceDatetimeFromEpochSeconds,
  serviceDatetimeToEpochMs,
} from './service-datetime';
export * from './time-zone';
