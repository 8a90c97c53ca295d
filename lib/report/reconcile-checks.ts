import Big from 'big.js';
import { fiatFractionDigits } from '../invoicing';
import type { ReconciliationCheck } from './model';
import { roundHalfUp, roundUsd } from './money';
import type { UsdTotal } from './reconcile-ledger';

/** The most a money check's two sides may differ by and still agree. */
export const TOLERANCE = new Big('0.01');

/**
 * Within a cent. The difference is rounded to six decimals first: a service that adds up in floating point
 * sends `32.940000000000005` for 32.94, and a cent of rounding would otherwise count as more.
 */
const agrees = (a: Big, b: Big): boolean => roundHalfUp(a.minus(b).abs(), 6).lte(TOLERANCE);

/** A money check: the service's figure against the computed one (both already rounded). */
export function moneyCheck(name: string, service: Big, computed: Big): ReconciliationCheck {
  const difference = service.minus(computed);
  return { name, service, computed, difference, ok: agrees(service, computed) };
}

/** A count check: agreement is equality. */
export function countCheck(name: string, service: number, computed: number): ReconciliationCheck {
  return {
    name,
    service: new Big(service),
    computed: new Big(computed),
    difference: new Big(service - computed),
    ok: service === computed,
  };
}

/**
 * A USD total: the exact sum rounded once or, when the service's figure is not that, the sum of each
 * amount first rounded to the cent, as a service that totals the amounts it shows adds up; so that
 * neither reading cries wolf (they part by up to half a cent an invoice).
 */
export function usdCheck(name: string, service: Big, total: UsdTotal): ReconciliationCheck {
  const summedExactly = moneyCheck(name, service, roundUsd(total.exact));
  if (summedExactly.ok) return summedExactly;
  const summedInCents = moneyCheck(name, service, total.ofCents);
  return summedInCents.ok ? summedInCents : summedExactly;
}

/**
 * A currency total in the currency itself, rounded to its minor unit. For a currency whose minor unit is
 * coarser than a cent (JPY), a service may total unrounded (`1500.4`) or rounded (`1500`); the exact
 * sum rounded to cents is tried as well, so that neither reading cries wolf.
 */
export function fiatCheck(code: string, service: Big, exactSum: Big): ReconciliationCheck {
  const name = `currency:${code}`;
  const digits = fiatFractionDigits(code);
  const inMinorUnit = moneyCheck(name, service, roundHalfUp(exactSum, digits));
  if (inMinorUnit.ok || digits >= 2) return inMinorUnit;
  const inCents = moneyCheck(name, service, roundHalfUp(exactSum, 2));
  return inCents.ok ? inCents : inMinorUnit;
}
