import { serviceDatetimeToEpochMs } from '../invoicing';

/**
 * Epoch milliseconds of the service's `Y-m-d H:i:s` datetime, which is in UTC. Read from the digits
 * rather than through date-fns' `parse`: it runs for every record of the month, and the format is fixed.
 * @throws Error for text not of that form or naming a time that does not exist (`2026-02-30 10:00:00`).
 */
export function parseServiceDatetime(text: string): number {
  const epochMs = serviceDatetimeToEpochMs(text);
  if (Number.isNaN(epochMs)) {
    throw new Error(`Invalid service datetime ${JSON.stringify(text)}: expected "Y-m-d H:i:s" in UTC`);
  }
  return epochMs;
}
