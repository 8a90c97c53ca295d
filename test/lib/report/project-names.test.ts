import { describe, expect, it } from 'vitest';
import { projectLabel, projectName } from '../../../lib/report/format';

const SHOP = '3f2a9c1e-5b7d-4e21-9a0c-6d8e1f2a3b4c';
const NAMES = { [SHOP]: 'Web shop' };

describe('projectName', () => {
  it('finds a project by its id in any case', () => {
    expect(projectName(NAMES, SHOP)).toBe('Web shop');
    expect(projectName(NAMES, SHOP.toUpperCase())).toBe('Web shop');
  });

  it('has no name for a project that was not given one, nor for a member every object has', () => {
    expect(projectName(NAMES, 'b71d04aa-2c3e-4f5a-8b6c-7d8e9f0a1b2c')).toBeUndefined();
    expect(projectName(NAMES, 'constructor')).toBeUndefined();
  });
});

describe('projectLabel', () => {
  it('gives the name with the short id beside it', () => {
    expect(projectLabel(NAMES, SHOP)).toBe('Web shop (3f2a9c1e)');
  });

  it('gives the short id alone for a project without a name', () => {
    expect(projectLabel({}, SHOP)).toBe('3f2a9c1e');
  });
});
