import { describe, expect, it } from 'vitest';
import { parseDeploymentConfig, scheduleSlots, slotId } from '../../../lib/config';
import { ACME, ALARM_EMAIL } from './support/config-input';

const account = (name: string, timezone: string, schedule: Record<string, unknown> = {}) => ({
  ...ACME,
  name,
  timezone,
  schedule,
});

describe('slotId', () => {
  it('names the kind, the day, the local time and the zone', () => {
    expect(
      slotId({ periodKind: 'month', timezone: 'Europe/Berlin', dayOfMonth: 1, hour: 6, minute: 0 }),
    ).toBe('monthly 1 06:00 Europe/Berlin');
    expect(
      slotId({ periodKind: 'year', timezone: 'Asia/Tokyo', month: 1, dayOfMonth: 3, hour: 7, minute: 30 }),
    ).toBe('yearly 3 Jan 07:30 Asia/Tokyo');
  });
});

describe('scheduleSlots', () => {
  const config = parseDeploymentConfig({
    accounts: [
      account('acme', 'Europe/Berlin'),
      account('globex', 'America/New_York', { dayOfMonth: 3, hour: 7, minute: 30, yearly: true }),
      account('initech', 'Europe/Berlin'),
      // The same wall-clock time as acme's in another zone is another slot.
      account('umbrella', 'Europe/Paris'),
      account('hooli', 'Europe/Berlin', { yearly: true }),
    ],
    alarmEmail: ALARM_EMAIL,
  });

  it('groups accounts by kind, day, local time and zone, in configuration order, slots sorted by id', () => {
    expect(scheduleSlots(config.accounts).map((slot) => [slot.id, slot.accounts])).toEqual([
      ['monthly 1 06:00 Europe/Berlin', ['acme', 'initech', 'hooli']],
      ['monthly 1 06:00 Europe/Paris', ['umbrella']],
      ['monthly 3 07:30 America/New_York', ['globex']],
      ['yearly 1 Jan 06:00 Europe/Berlin', ['hooli']],
      ['yearly 3 Jan 07:30 America/New_York', ['globex']],
    ]);
  });

  it('keeps the time of each slot for its schedule', () => {
    const yearly = scheduleSlots(config.accounts).find((slot) => slot.id.startsWith('yearly 3'));
    expect(yearly).toEqual({
      id: 'yearly 3 Jan 07:30 America/New_York',
      periodKind: 'year',
      timezone: 'America/New_York',
      month: 1,
      dayOfMonth: 3,
      hour: 7,
      minute: 30,
      accounts: ['globex'],
    });
  });
});
