import { describe, expect, it } from 'vitest';
import { localDemoConfig } from '../../../lib/local/demo-config';
import { DEFAULT_SEED, sandboxAccount } from '../../../lib/sandbox';

describe('localDemoConfig', () => {
  it('describes the demo account of the local stack, reading from the sandbox over http', () => {
    const config = localDemoConfig({ apiUrl: 'http://127.0.0.1:4010' });
    expect(config.accounts).toHaveLength(1);
    expect(config.accounts[0]).toMatchObject({
      name: 'demo',
      apiUrl: 'http://127.0.0.1:4010',
      timezone: 'UTC',
      apiKeySecretName: 'invoice-reports/demo/api-key',
    });
  });

  it("names the projects of the sandbox it reads, as the sandbox's default seed makes them", () => {
    const { projects } = localDemoConfig({ apiUrl: 'http://127.0.0.1:4010' }).accounts[0]!;
    expect(Object.values(projects)).toEqual(['Web shop', 'Mobile app', 'Wholesale']);
    expect(Object.keys(projects)).toEqual(sandboxAccount(DEFAULT_SEED).projectIds.slice(0, 3));
  });
});
