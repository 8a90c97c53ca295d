import { describe, expect, it } from 'vitest';
import { LruCache } from '../../../lib/sandbox/queries';

describe('LruCache', () => {
  it('drops the least recently used entries once the total cost passes the capacity', () => {
    const cache = new LruCache<string, number>(10);
    const cost = () => 4;
    cache.getOrCreate('a', () => 1, cost);
    cache.getOrCreate('b', () => 2, cost);
    expect(cache.getOrCreate('a', () => -1)).toBe(1);
    cache.getOrCreate('c', () => 3, cost);
    expect(cache.getOrCreate('b', () => -2)).toBe(-2);
    expect(cache.getOrCreate('c', () => -3)).toBe(3);
  });

  it('keeps the newest entry even when it alone costs more than the capacity', () => {
    const cache = new LruCache<string, number>(10);
    cache.getOrCreate(
      'a',
      () => 1,
      () => 4,
    );
    cache.getOrCreate(
      'huge',
      () => 2,
      () => 50,
    );
    expect(cache.getOrCreate('huge', () => -1)).toBe(2);
    expect(cache.getOrCreate('a', () => -1)).toBe(-1);
  });

  it('computes a missing value once', () => {
    const cache = new LruCache<string, number>(10);
    let calls = 0;
    const create = () => ++calls;
    expect(cache.getOrCreate('k', create)).toBe(1);
    expect(cache.getOrCreate('k', create)).toBe(1);
    expect(calls).toBe(1);
  });
});
