import { describe, expect, it } from 'vitest';
import { compareByCreation, FirstInOrder } from '../../../lib/report/collections';
import { FIRST_PAID_INVOICES_SHOWN } from '../../../lib/report/model';
import { invoice, uuid } from './support/records';

describe('FirstInOrder by creation', () => {
  it('keeps the first ones by creation time, then id, whatever the order they come in', () => {
    const first = new FirstInOrder(3, compareByCreation);
    const items = [
      invoice('2026-03-05 10:00:00', { id: uuid('1f', 5) }),
      invoice('2026-03-01 10:00:00', { id: uuid('1f', 2) }),
      invoice('2026-03-09 10:00:00', { id: uuid('1f', 9) }),
      invoice('2026-03-01 10:00:00', { id: uuid('1f', 1) }),
      invoice('2026-03-02 00:00:00', { id: uuid('1f', 3) }),
      invoice('2026-03-31 23:59:59', { id: uuid('1f', 7) }),
    ];
    for (const item of items) first.add(item);
    expect(first.list().map((item) => item.id)).toEqual([uuid('1f', 1), uuid('1f', 2), uuid('1f', 3)]);
  });

  it('keeps fewer than the limit when fewer arrive', () => {
    const first = new FirstInOrder(100, compareByCreation);
    first.add(invoice('2026-03-02 10:00:00', { id: uuid('1f', 2) }));
    first.add(invoice('2026-03-01 10:00:00', { id: uuid('1f', 1) }));
    expect(first.list().map((item) => item.id)).toEqual([uuid('1f', 1), uuid('1f', 2)]);
  });

  it('keeps the hundred the page shows', () => {
    const first = new FirstInOrder(FIRST_PAID_INVOICES_SHOWN, compareByCreation);
    // 250 invoices, one a minute, added latest first.
    for (let n = 249; n >= 0; n--) {
      const minute = String(n % 60).padStart(2, '0');
      const hour = String(Math.floor(n / 60)).padStart(2, '0');
      first.add(invoice(`2026-03-01 ${hour}:${minute}:00`, { id: uuid('1f', n) }));
    }
    const kept = first.list();
    expect(kept).toHaveLength(100);
    expect(kept[0]!.createDatetime).toBe('2026-03-01 00:00:00');
    expect(kept[99]!.createDatetime).toBe('2026-03-01 01:39:00');
  });
});
