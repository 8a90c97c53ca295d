import type { DeploymentConfigInput } from '../../lib/config';

/** Zones of every offset family: whole hours, half and quarter hours, both hemispheres, with and without daylight saving. */
const ZONES = [
  'UTC',
  'Europe/Berlin',
  'Europe/London',
  'Europe/Lisbon',
  'Europe/Helsinki',
  'Europe/Istanbul',
  'Africa/Lagos',
  'Africa/Johannesburg',
  'Asia/Dubai',
  'Asia/Kolkata',
  'Asia/Kathmandu',
  'Asia/Singapore',
  'Asia/Tokyo',
  'Australia/Adelaide',
  'Australia/Sydney',
  'Pacific/Auckland',
  'Pacific/Chatham',
  'America/Sao_Paulo',
  'America/Santiago',
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Los_Angeles',
  'Pacific/Honolulu',
] as const;

/** Options of `generatedAccounts`. */
export interface GeneratedAccountsOptions {
  /** Sender domains the accounts share, round robin (each is its own SES identity). @default 25 */
  senderDomains?: number;
  /** Every n-th account also gets a yearly report. @default 4 */
  yearlyEvery?: number;
  /** Every n-th account (from the first) sends from a domain of its own instead. @default none */
  ownSenderDomainEvery?: number;
}

/**
 * `count` accounts as an operator serving many merchants would configure them: zones of every kind,
 * days 1 to 3, hours 5 to 8 at :00 or :30 (so that many accounts share a slot and many slots exist),
 * API keys under `invoice-reports/accounts/`, a few recipients each, senders on shared domains.
 * Account `i` is `merchant-<i>` with i from 1, zero-padded to four digits.
 */
export function generatedAccounts(
  count: number,
  options: GeneratedAccountsOptions = {},
): DeploymentConfigInput['accounts'] {
  const senderDomains = options.senderDomains ?? 25;
  const yearlyEvery = options.yearlyEvery ?? 4;
  return Array.from({ length: count }, (_, index) => {
    const name = `merchant-${String(index + 1).padStart(4, '0')}`;
    const ownDomain =
      options.ownSenderDomainEvery !== undefined && index % options.ownSenderDomainEvery === 0;
    const domain = ownDomain ? `mail.${name}.example` : `reports-${index % senderDomains}.example`;
    return {
      name,
      displayName: `Merchant ${index + 1} Ltd`,
      apiUrl: 'https://api.example.com',
      apiKeySecretName: `invoice-reports/accounts/${name}/api-key`,
      timezone: ZONES[index % ZONES.length]!,
      recipients: [`books@${name}.example`, `cfo@${name}.example`],
      sender: `${name}@${domain}`,
      senderIdentity: domain,
      schedule: {
        dayOfMonth: 1 + (Math.floor(index / ZONES.length) % 3),
        hour: 5 + (Math.floor(index / (ZONES.length * 3)) % 4),
        minute: Math.floor(index / (ZONES.length * 12)) % 2 === 0 ? 0 : 30,
        yearly: index % yearlyEvery === 0,
      },
    };
  });
}
