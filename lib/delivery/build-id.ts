import { randomBytes } from 'node:crypto';

const BUILD_ID_PATTERN = /^\d{8}T\d{9}Z-[0-9a-f]{12}$/;

/**
 * A new build id: the UTC instant the build began, to the millisecond, then 48 random bits, such as
 * `20261101T060000123Z-3f9a0c1e2b4d`. Ids sort by time as text, and two builds never share one.
 * Made here rather than by a ULID or UUIDv7 library: those sort as well, but hide the time from whoever
 * lists the bucket, and this is one line over `node:crypto`.
 * @throws RangeError for an invalid date, or one past the year 9999
 */
export function newBuildId(now: Date): string {
  const id = `${now.toISOString().replace(/[-:.]/g, '')}-${randomBytes(6).toString('hex')}`;
  if (!isBuildId(id)) throw new RangeError(`a build cannot begin at ${now.toISOString()}`);
  return id;
}

/** Whether `value` is a build id as `newBuildId` makes them. */
export function isBuildId(value: unknown): value is string {
  return typeof value === 'string' && BUILD_ID_PATTERN.test(value);
}
