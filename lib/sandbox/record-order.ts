import { createHash } from 'node:crypto';
import { SeededRandom } from './seeded-random';

/**
 * The order of every list, which the spec does not show. Records of one second are ordered by `id`, so
 * they keep their place between pages, except in a `reshuffled` list: new at every request, as a service
 * that sorts on nothing may answer.
 */
export const LIST_ORDERS = ['newest', 'oldest', 'random', 'reshuffled'] as const;
export type ListOrder = (typeof LIST_ORDERS)[number];

/** Newest first by the time `timeOf` reads, then by `id` ascending: how sources keep their records. */
export function newestFirst<T extends { id: string }>(timeOf: (record: T) => string) {
  return (a: T, b: T): number => compareNewestThenId(timeOf(a), a.id, timeOf(b), b.id);
}

function compareNewestThenId(aTime: string, aId: string, bTime: string, bId: string): number {
  if (aTime !== bTime) return aTime < bTime ? 1 : -1;
  if (aId !== bId) return aId < bId ? -1 : 1;
  return 0;
}

const ORDER_STREAM = 0x0de7;

/**
 * A newest-first list in another order: `random` is drawn from the seed and the list's key (endpoint and
 * filter), the same for every page; `reshuffled` is left as it is, for paging to shuffle.
 */
export function arrangeList<T extends { id: string }>(
  newestFirst: readonly T[],
  order: ListOrder,
  timeOf: (record: T) => string,
  random: { seed: number; listKey: string },
): readonly T[] {
  if (order === 'newest' || order === 'reshuffled') return newestFirst;
  if (order === 'oldest') {
    return [...newestFirst].sort((a, b) => compareNewestThenId(timeOf(b), a.id, timeOf(a), b.id));
  }
  return shuffledList(newestFirst, random.seed, random.listKey);
}

/** The records in an order drawn from the seed and the key (Fisher–Yates): the same for the same two. */
export function shuffledList<T>(records: readonly T[], seed: number, key: string): T[] {
  const keySeed = createHash('sha256').update(key).digest().readInt32LE(0);
  const draws = new SeededRandom(seed, ORDER_STREAM, keySeed);
  const shuffled = [...records];
  for (let index = shuffled.length - 1; index > 0; index--) {
    const other = draws.int(0, index);
    [shuffled[index], shuffled[other]] = [shuffled[other]!, shuffled[index]!];
  }
  return shuffled;
}
