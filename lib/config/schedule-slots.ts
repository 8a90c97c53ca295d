import { type AccountConfig, scheduleClock } from './account-schema';

/**
 * Every account whose report of a kind runs at the same local time in the same zone: one schedule each,
 * so that schedules grow with the distinct times, not with the accounts.
 */
export interface ScheduleSlot {
  /** `monthly 1 06:00 Europe/Berlin`, `yearly 1 Jan 06:00 Europe/Berlin`. */
  id: string;
  /** What a run reports: the month before the one it fires in, or the year before. */
  periodKind: 'month' | 'year';
  timezone: string;
  /** January for a yearly slot; absent for a monthly one. */
  month?: number;
  dayOfMonth: number;
  hour: number;
  minute: number;
  /** Its accounts' names, in the configuration's order. */
  accounts: string[];
}

type SlotTime = Omit<ScheduleSlot, 'id' | 'accounts'>;

/** A slot's id: its kind, day (and month), local time and zone. */
export function slotId(time: SlotTime): string {
  const day = time.month === undefined ? `${time.dayOfMonth}` : `${time.dayOfMonth} Jan`;
  return `${time.periodKind}ly ${day} ${scheduleClock(time)} ${time.timezone}`;
}

/** The deployment's schedule slots, sorted by id: each account in one slot of each kind it reports. */
export function scheduleSlots(
  accounts: readonly Pick<AccountConfig, 'name' | 'timezone' | 'schedule'>[],
): ScheduleSlot[] {
  const slots = new Map<string, ScheduleSlot>();
  for (const account of accounts) {
    const { dayOfMonth, hour, minute, yearly } = account.schedule;
    const monthly: SlotTime = { periodKind: 'month', timezone: account.timezone, dayOfMonth, hour, minute };
    // A yearly report runs in January, for the year just ended.
    for (const time of yearly
      ? [monthly, { ...monthly, periodKind: 'year' as const, month: 1 }]
      : [monthly]) {
      const id = slotId(time);
      const slot = slots.get(id) ?? { ...time, id, accounts: [] };
      slot.accounts.push(account.name);
      slots.set(id, slot);
    }
  }
  return [...slots.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
