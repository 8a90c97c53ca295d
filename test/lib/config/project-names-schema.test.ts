import { describe, expect, it } from 'vitest';
import { parseDeploymentConfig, projectNamesSchema } from '../../../lib/config';
import { configWith, problemsOf } from './support/config-input';

const SHOP = '3f2a9c1e-5b7d-4e21-9a0c-6d8e1f2a3b4c';
const APP = 'b71d04aa-2c3e-4f5a-8b6c-7d8e9f0a1b2c';

describe('an account: project names', () => {
  it('has no project names when the account names none', () => {
    expect(parseDeploymentConfig(configWith({})).accounts[0]!.projects).toEqual({});
  });

  it('keeps each name by its project id, trimmed, the id in lower case', () => {
    const account = parseDeploymentConfig(
      configWith({ projects: { [SHOP.toUpperCase()]: '  Web shop ', [APP]: 'Café «Mobile» 📱' } }),
    ).accounts[0]!;
    expect(account.projects).toEqual({ [SHOP]: 'Web shop', [APP]: 'Café «Mobile» 📱' });
  });

  it('accepts a name of 60 characters', () => {
    const name = 'n'.repeat(60);
    expect(projectNamesSchema.parse({ [SHOP]: name })).toEqual({ [SHOP]: name });
  });

  it.each([
    [{ shop: 'Web shop' }, 'accounts[0].projects.shop: is not a project id (a UUID)'],
    [{ [SHOP]: '' }, `accounts[0].projects["${SHOP}"]: must not be empty`],
    [{ [SHOP]: '   ' }, `accounts[0].projects["${SHOP}"]: must not be empty`],
    [{ [SHOP]: 'n'.repeat(61) }, `accounts[0].projects["${SHOP}"]: must be at most 60 characters`],
    [
      { [SHOP]: 'Web\nshop' },
      `accounts[0].projects["${SHOP}"]: must be one line of text without control characters`,
    ],
    [
      { [SHOP]: 'Web\r\nBcc: x@example.com' },
      `accounts[0].projects["${SHOP}"]: must be one line of text without control characters`,
    ],
    [
      { [SHOP]: 'Web\u2028shop' },
      `accounts[0].projects["${SHOP}"]: must be one line of text without control characters`,
    ],
    [
      { [SHOP]: 'Web\tshop' },
      `accounts[0].projects["${SHOP}"]: must be one line of text without control characters`,
    ],
    [{ [SHOP]: 42 }, `accounts[0].projects["${SHOP}"]: must be a project name (text)`],
    [
      ['Web shop'],
      'accounts[0].projects: must be an object of project ids and names, such as { "<uuid>": "Web shop" }',
    ],
    [
      { [SHOP]: 'Web shop', [SHOP.toUpperCase()]: 'Shop' },
      `accounts[0].projects["${SHOP.toUpperCase()}"]: is listed twice (also as ${SHOP})`,
    ],
    [
      { [SHOP]: 'Web shop', [APP]: 'web shop' },
      `accounts[0].projects["${APP}"]: has the name "web shop" of project ${SHOP}: give each project its own`,
    ],
  ])('rejects projects %j', (projects, expected) => {
    const problems = problemsOf(configWith({ projects }));
    expect(problems).toEqual([expected]);
  });
});
