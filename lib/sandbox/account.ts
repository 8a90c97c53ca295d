import { randomUuid, SeededRandom, walletAddress, weightedChoice } from './seeded-random';

/** The account behind the generated data, fixed by the seed. */
export type SandboxAccount = ReturnType<typeof sandboxAccount>;
/** A wallet as the service writes it in a payment or a paid invoice. */
export type WalletJson = SandboxAccount['wallets'][number];

/** Names are the merchant's own; one has a comma and quotes, as names typed by people do. */
const WALLETS = [
  { name: 'Main BTC', blockchain: 'Bitcoin', cryptocurrency: 'BTC', weight: 25 },
  { name: 'ETH hot wallet', blockchain: 'Ethereum', cryptocurrency: 'ETH', weight: 15 },
  { name: 'USDT ERC-20', blockchain: 'Ethereum', cryptocurrency: 'USDT', weight: 20 },
  { name: 'Ops, "USDT" (TRC-20)', blockchain: 'Tron', cryptocurrency: 'USDT', weight: 25 },
  { name: 'Litecoin', blockchain: 'Litecoin', cryptocurrency: 'LTC', weight: 8 },
  { name: 'TRX', blockchain: 'Tron', cryptocurrency: 'TRX', weight: 7 },
];

const PROJECT_WEIGHTS = [50, 25, 15, 10];

/**
 * The account for a seed: four projects (most active first) and six wallets on four blockchains, each as
 * likely to get an invoice or a payment as its weight.
 */
export function sandboxAccount(seed: number) {
  const random = new SeededRandom(seed, 0x0acc);
  const projectIds = PROJECT_WEIGHTS.map(() => randomUuid(random));
  const wallets = WALLETS.map(({ name, blockchain, cryptocurrency }) => ({
    id: randomUuid(random),
    name,
    blockchain,
    cryptocurrency,
    address: walletAddress(random, blockchain),
  }));
  return {
    projectIds: projectIds as readonly string[],
    wallets: wallets as Readonly<typeof wallets>,
    projectChoice: weightedChoice(projectIds.map((id, index) => [id, PROJECT_WEIGHTS[index]!])),
    walletChoice: weightedChoice(wallets.map((wallet, index) => [wallet, WALLETS[index]!.weight])),
  };
}

/**
 * Names for the projects of the account a seed makes, as an account's `projects` configuration holds
 * them (`{ "<uuid>": "Web shop", ... }`): the service has none. The least active project is left
 * without a name, as merchants leave some.
 */
export function sandboxProjectNames(seed: number): Record<string, string> {
  const { projectIds } = sandboxAccount(seed);
  return Object.fromEntries(
    ['Web shop', 'Mobile app', 'Wholesale'].map((name, index) => [projectIds[index]!, name]),
  );
}
