import { code as iso4217 } from 'currency-codes';

const fractionDigitsByCurrency = new Map<string, number>();

/**
 * Decimal places of a fiat currency's minor unit as ISO 4217 states them (USD 2, JPY 0, KWD 3, HUF 2,
 * IQD 3), from the `currency-codes` package's copy of the ISO list; 2 for a code the list does not have
 * (`USDT`, `X`). Not `Intl`: its digits are those a currency is shown with in daily use (HUF, IDR and
 * PKR with none, IQD with none), and a total of invoices of 3200.50 HUF rounded that way loses its
 * fillér. A code in lower or mixed case (`jpy`) is read as the same currency: the spec does not show
 * the codes' case. Kept with the service's interface: the report rounds its fiat sums with it and the
 * sandbox its invoices' amounts.
 */
export function fiatFractionDigits(currency: string): number {
  let digits = fractionDigitsByCurrency.get(currency);
  if (digits === undefined) {
    digits = iso4217(currency.toUpperCase())?.digits ?? 2;
    fractionDigitsByCurrency.set(currency, digits);
  }
  return digits;
}
