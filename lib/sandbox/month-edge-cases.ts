import Big from 'big.js';
import { secondsInDay } from 'date-fns/constants';
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

export const NO_CHOICES: FieldChoices = {};

/** How many of a month's first paid invoices are edge cases (see `paidSpecial`). */
const SPECIAL_COUNT = Math.max(AWKWARD_DESCRIPTIONS.length, 7);

const EVERY_CURRENCY = ['USD', 'EUR', 'GBP', 'JPY', 'CAD'];

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

/**
 * The month's first paid invoices are the edge cases a report must get right: creation at the first and
 * last second of the month's first and last days, payment after midnight into the next month, late
 * payments inside the grace hour, a dust amount, every currency, project, wallet and awkward text.
 */
export function paidSpecial(index: number, start: number, end: number, account: SandboxAccount): PaidSpecial {
  if (index >= SPECIAL_COUNT) return NO_CHOICES;
  const lastDay = end - secondsInDay;
  const special: PaidSpecial = {};
  if (index < EVERY_CURRENCY.length) special.currency = EVERY_CURRENCY[index];
  if (index < account.projectIds.length) special.projectId = account.projectIds[index];
  if (index < account.wallets.length) special.wallet = account.wallets[index];
  if (index < AWKWARD_DESCRIPTIONS.length) special.description = AWKWARD_DESCRIPTIONS[index];
  switch (index) {
    case 0: // the first second of the month
      return { ...special, created: start };
    case 1: // the last second of the month's first day
      return { ...special, created: start + secondsInDay - 1 };
    case 2: // the first second of the month's last day
      return { ...special, created: lastDay };
    case 3: // the last second of the month, paid at 00:04:12 the next month
      return { ...special, created: end - 1, lifetime: 30 * 60, delay: 253 };
    case 4: // created 23:45:00 on the last day, due 00:15:00, paid late at 00:35:00 the next month
      return { ...special, created: end - 15 * 60, lifetime: 30 * 60, lateBy: 20 * 60 };
    case 5: // paid one second before the grace hour ends
      return { ...special, lateBy: PAYMENT_SEARCH_GRACE_SECONDS - 1 };
    case 6: // a dust payment on the BTC wallet for a tiny invoice
      return {
        ...special,
        currency: 'USD',
        amountFiat: new Big('0.06'),
        wallet: walletFor(account, 'BTC'),
        received: DUST_AMOUNT,
      };
    default:
      return special;
  }
}

/** The account's first wallet of a cryptocurrency. */
export function walletFor(account: SandboxAccount, cryptocurrency: string): WalletJson {
  return account.wallets.find((wallet) => wallet.cryptocurrency === cryptocurrency)!;
}
