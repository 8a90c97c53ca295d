import { randomUuid, walletAddress } from './identifiers';
import type { WalletJson } from './records';
import { SeededRandom } from './seeded-random';

/** The account behind the generated data: its projects and wallets, fixed by the seed. */
export interface SandboxAccount {
  /** Project ids, most active first. */
  projectIds: readonly string[];
  /** How often each project gets an invoice, in the same order. */
  projectWeights: readonly number[];
  wallets: readonly WalletJson[];
  /** How often each wallet receives a payment, in the same order. */
  walletWeights: readonly number[];
}

const ACCOUNT_STREAM = 0x0acc;

/** Names are the merchant's own; one has a comma and quotes, as names typed by people do. */
const WALLETS = [
  { name: 'Main BTC', blockchain: 'Bitcoin', cryptocurrency: 'BTC', weight: 25 },
  { name: 'ETH hot wallet', blockchain: 'Ethereum', cryptocurrency: 'ETH', weight: 15 },
  { name: 'USDT ERC-20', blockchain: 'Ethereum', cryptocurrency: 'USDT', weight: 20 },
  { name: 'Ops, "USDT" (TRC-20)', blockchain: 'Tron', cryptocurrency: 'USDT', weight: 25 },
  { name: 'Litecoin', blockchain: 'Litecoin', cryptocurrency: 'LTC', weight: 8 },
  { name: 'TRX', blockchain: 'Tron', cryptocurrency: 'TRX', weight: 7 },
] as const;

const PROJECT_WEIGHTS = [50, 25, 15, 10];

/**
 * What a merchant might call the account's projects, most active first. The service has no project
 * names: these are for the report's configuration (the local stack's demo accounts name their projects
 * with them), never in the sandbox's answers. One is left without a name, as merchants leave some.
 */
const PROJECT_NAMES = ['Web shop', 'Mobile app', 'Wholesale'];

/** The account for a seed: four projects and six wallets on four blockchains. */
export function sandboxAccount(seed: number): SandboxAccount {
  const random = new SeededRandom(seed, ACCOUNT_STREAM);
  const projectIds = PROJECT_WEIGHTS.map(() => randomUuid(random));
  const wallets = WALLETS.map(
    ({ name, blockchain, cryptocurrency }): WalletJson => ({
      id: randomUuid(random),
      name,
      blockchain,
      cryptocurrency,
      address: walletAddress(random, blockchain),
    }),
  );
  return {
    projectIds,
    projectWeights: PROJECT_WEIGHTS,
    wallets,
    walletWeights: WALLETS.map((wallet) => wallet.weight),
  };
}

/**
 * Names for the projects of the account a seed makes, by project id, as an account's `projects`
 * configuration holds them: `{ "<uuid>": "Web shop", ... }`. The least active project has none.
 */
export function sandboxProjectNames(seed: number): Record<string, string> {
  const { projectIds } = sandboxAccount(seed);
  return Object.fromEntries(PROJECT_NAMES.map((name, index) => [projectIds[index]!, name]));
}
