import Big from 'big.js';
import { PAYMENT_SEARCH_GRACE_SECONDS } from '../invoicing';
import type { SandboxAccount } from './account';
import type { WalletJson } from './records';
import { AWKWARD_DESCRIPTIONS } from './sample-texts';

/** The amount of the dust payments every month carries, in BTC. */
export const DUST_AMOUNT = '0.00000095';

/** What the generator would otherwise draw at random. */
export interface FieldChoices {
  currency?: string;
  projectId?: string;
  amountFiat?: Big;
  description?: string | null;
}

/** A paid invoice's edge case: what it fixes instead of drawing. */
export interface PaidSpecial extends FieldChoices {
  created?: number;
  lifetime?: number;
  /** Seconds from creation to payment. */
  delay?: number;
  /** Seconds after `timeToPayDatetime` the payment arrives. */
  lateBy?: number;
  wallet?: WalletJson;
  /** The received amount, as a decimal string. */
  received?: string;
}

const EVERY_CURRENCY = ['USD', 'EUR', 'GBP', 'JPY', 'CAD'];
const DAY = 86_400;

/**
 * The month's first paid invoices are the edge cases a report must get right: creation at the first and
 * last second of the month's first and last days, payment after midnight into the next month, late
 * payments inside the grace hour, a dust amount, every currency, project, wallet and awkward text.
 */
export function paidSpecial(index: number, start: number, end: number, account: SandboxAccount): PaidSpecial {
  if (index >= Math.max(AWKWARD_DESCRIPTIONS.length, 7)) return {};
  const special: PaidSpecial = {};
  if (index < EVERY_CURRENCY.length) special.currency = EVERY_CURRENCY[index];
  if (index < account.projectIds.length) special.projectId = account.projectIds[index];
  if (index < account.wallets.length) special.wallet = account.wallets[index];
  if (index < AWKWARD_DESCRIPTIONS.length) special.description = AWKWARD_DESCRIPTIONS[index];
  const fixed: PaidSpecial[] = [
    { created: start }, // the first second of the month
    { created: start + DAY - 1 }, // the last second of the month's first day
    { created: end - DAY }, // the first second of the month's last day
    { created: end - 1, lifetime: 30 * 60, delay: 253 }, // the last second, paid at 00:04:12 the next month
    // created 23:45:00 on the last day, due 00:15:00, paid late at 00:35:00 the next month
    { created: end - 15 * 60, lifetime: 30 * 60, lateBy: 20 * 60 },
    { lateBy: PAYMENT_SEARCH_GRACE_SECONDS - 1 }, // paid one second before the grace hour ends
    // a dust payment on the BTC wallet for a tiny invoice
    {
      currency: 'USD',
      amountFiat: new Big('0.06'),
      wallet: walletFor(account, 'BTC'),
      received: DUST_AMOUNT,
    },
  ];
  return { ...special, ...fixed[index] };
}

/** The account's first wallet of a cryptocurrency. */
export function walletFor(account: SandboxAccount, cryptocurrency: string): WalletJson {
  return account.wallets.find((wallet) => wallet.cryptocurrency === cryptocurrency)!;
}
