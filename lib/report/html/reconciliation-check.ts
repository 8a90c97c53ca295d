import Big from 'big.js';
import {
  formatDay,
  formatDecimal,
  formatFiat,
  formatFiatChange,
  formatUSD,
  formatUSDChange,
  shortId,
} from '../format';
import type { CurrencyUnit, Reconciliation, ReconciliationCheck } from '../model';

/** A reconciliation check worded for people. */
export interface CheckWording {
  /** `Paid total`, `Project 3f2a9c1e`, `Paid in EUR`, `14 Oct 2026 (UTC day)`. */
  label: string;
  /** The full identifier behind a short one in the label (a project's UUID). */
  fullId?: string;
  service: string;
  computed: string;
  difference: string;
}

function signedCount(value: Big): string {
  return value.gt(0) ? `+${formatDecimal(value)}` : formatDecimal(value);
}

/**
 * The unit of a reconciliation's `currency:` checks. The spec does not say in which unit the service
 * totals `invoicesByCurrencies`; `lib/report/reconcile` finds out and says so in `currencyUnit`.
 */
export function currencyCheckUnit(reconciliation: Reconciliation): CurrencyUnit {
  return reconciliation.currencyUnit === 'usd' ? 'usd' : 'fiat';
}

/**
 * The label and figures of a check, by its stable name (`paidCount`, `paidTotalUSD`,
 * `project:<uuid>`, `currency:<code>`, `day:<YYYY-MM-DD>`); an unknown name is shown as it is, in USD.
 */
export function describeCheck(check: ReconciliationCheck, currencyUnit: CurrencyUnit = 'fiat'): CheckWording {
  const [kind, ...rest] = check.name.split(':');
  const key = rest.join(':');
  const usd = (label: string, fullId?: string): CheckWording => ({
    label,
    ...(fullId === undefined ? {} : { fullId }),
    service: formatUSD(check.service),
    computed: formatUSD(check.computed),
    difference: formatUSDChange(check.difference),
  });
  if (check.name === 'paidCount') {
    return {
      label: 'Paid invoices',
      service: formatDecimal(check.service),
      computed: formatDecimal(check.computed),
      difference: signedCount(new Big(check.difference)),
    };
  }
  if (check.name === 'paidTotalUSD') return usd('Paid total');
  if (kind === 'project' && key) return usd(`Project ${shortId(key)}`, key);
  if (kind === 'currency' && key && currencyUnit === 'usd') return usd(`Paid in ${key} (in USD)`);
  if (kind === 'currency' && key) {
    return {
      label: `Paid in ${key}`,
      service: formatFiat(check.service, key),
      computed: formatFiat(check.computed, key),
      difference: formatFiatChange(check.difference, key),
    };
  }
  if (kind === 'day' && /^\d{4}-\d{2}-\d{2}$/.test(key)) return usd(`${formatDay(key)} (UTC day)`);
  return usd(check.name);
}
