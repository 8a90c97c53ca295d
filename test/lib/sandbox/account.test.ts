import { describe, expect, it } from 'vitest';
import { sandboxAccount, sandboxProjectNames } from '../../../lib/sandbox';

describe('sandboxProjectNames', () => {
  it('names the three most active projects of a seed and leaves the fourth without a name', () => {
    const [web, app, wholesale, unnamed] = sandboxAccount(7).projectIds;
    const names = sandboxProjectNames(7);
    expect(names).toEqual({ [web!]: 'Web shop', [app!]: 'Mobile app', [wholesale!]: 'Wholesale' });
    expect(Object.hasOwn(names, unnamed!)).toBe(false);
  });

  it('follows the seed, as the account does', () => {
    expect(Object.keys(sandboxProjectNames(7))).not.toEqual(Object.keys(sandboxProjectNames(8)));
  });
});
