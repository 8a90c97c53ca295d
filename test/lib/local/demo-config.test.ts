import { describe, expect, it } from 'vitest';
import { localDemoConfig } from '../../../lib/local/demo-config';

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
});
