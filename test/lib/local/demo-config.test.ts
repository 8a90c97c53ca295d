import { describe, expect, it } from 'vitest';
import { scheduleSlots } from '../../../lib/config';
import { localDemoConfig } from '../../../lib/local/settings';
import { DEFAULT_SEED, sandboxAccount } from '../../../lib/sandbox';

describe('localDemoConfig', () => {
  it('describes two accounts reading from the sandbox over http, their keys under the account prefix', () => {
    const config = localDemoConfig({ apiUrl: 'http://127.0.0.1:4010' });
    expect(config.accounts).toMatchObject([
      {
        name: 'demo',
        apiUrl: 'http://127.0.0.1:4010',
        timezone: 'UTC',
        apiKeySecretName: 'invoice-reports/accounts/demo/api-key',
        recipients: ['accounting@example.com'],
      },
      {
        name: 'demo-tokyo',
        apiUrl: 'http://127.0.0.1:4010',
        timezone: 'Asia/Tokyo',
        apiKeySecretName: 'invoice-reports/accounts/demo-tokyo/api-key',
        recipients: ['tokyo-office@example.com'],
      },
    ]);
  });

  it('puts the two accounts in two monthly slots, and demo in the zone it is given', () => {
    const config = localDemoConfig({ apiUrl: 'http://127.0.0.1:4010', timezone: 'Europe/Berlin' });
    expect(scheduleSlots(config.accounts).map((slot) => [slot.id, slot.accounts])).toEqual([
      ['monthly 1 06:00 Asia/Tokyo', ['demo-tokyo']],
      ['monthly 1 06:00 Europe/Berlin', ['demo']],
    ]);
  });

  it("names the projects of the sandbox it reads, as the sandbox's default seed makes them", () => {
    const { projects } = localDemoConfig({ apiUrl: 'http://127.0.0.1:4010' }).accounts[0]!;
    expect(Object.values(projects)).toEqual(['Web shop', 'Mobile app', 'Wholesale']);
    expect(Object.keys(projects)).toEqual(sandboxAccount(DEFAULT_SEED).projectIds.slice(0, 3));
  });
});
