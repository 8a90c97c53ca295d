import { describe, expect, it } from 'vitest';
import { LruCache } from '../../../lib/sandbox/lru-cache';

describe('LruCache', () => {
  it('drops the least recently used entries once the total cost passes the capacity', () => {
    const cache = new LruCache<string, number>(10);
    cache.set('a', 1, 4);
    cache.set('b', 2, 4);
    expect(cache.get('a')).toBe(1);
    cache.set('c', 3, 4);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(1);
    expect(cache.get('c')).toBe(3);
  });

  it('keeps the newest entry even when it alone costs more than the capacity', () => {
    const cache = new LruCache<string, number>(10);
    cache.set('a', 1, 4);
    cache.set('huge', 2, 50);
    expect(cache.size).toBe(1);
    expect(cache.get('huge')).toBe(2);
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
