import { describe, expect, it } from 'vitest';
import { IdSet } from '../../../lib/invoicing/id-set';

const uuid = (n: number) =>
  `1a${n.toString(16).padStart(6, '0')}-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

describe('IdSet', () => {
  it('says whether an id is new, once per id', () => {
    const ids = new IdSet();
    expect(ids.add('1a000000-0000-4000-8000-000000000001')).toBe(true);
    expect(ids.add('1a000000-0000-4000-8000-000000000001')).toBe(false);
    expect(ids.add('1a000000-0000-4000-8000-000000000002')).toBe(true);
    expect(ids.size).toBe(2);
  });

  it('reads a UUID in either case as one id', () => {
    const ids = new IdSet();
    expect(ids.add('ABCDEF00-0000-4000-8000-00000000000A')).toBe(true);
    expect(ids.add('abcdef00-0000-4000-8000-00000000000a')).toBe(false);
  });

  it('keeps the nil UUID apart from the empty slots', () => {
    const ids = new IdSet();
    expect(ids.add('00000000-0000-0000-0000-000000000000')).toBe(true);
    expect(ids.add('00000000-0000-0000-0000-000000000000')).toBe(false);
    expect(ids.add('00000000-0000-0000-0000-000000000001')).toBe(true);
    expect(ids.size).toBe(2);
  });

  it('keeps ids that are not UUIDs as text, exactly', () => {
    const ids = new IdSet();
    for (const id of [
      'a',
      'A',
      '',
      '1a000000-0000-4000-8000-00000000000g',
      '1a000000x0000-4000-8000-000000000001',
    ]) {
      expect(ids.add(id)).toBe(true);
      expect(ids.add(id)).toBe(false);
    }
    expect(ids.size).toBe(5);
  });

  it('holds every one of many ids as it grows', () => {
    const ids = new IdSet();
    for (let n = 0; n < 50_000; n++) expect(ids.add(uuid(n))).toBe(true);
    for (let n = 0; n < 50_000; n++) expect(ids.add(uuid(n))).toBe(false);
    expect(ids.size).toBe(50_000);
  });
});
