const fractionDigitsByCurrency = new Map<string, number>();

/**
 * Decimal places of a fiat currency's minor unit (ISO 4217), as the runtime's Intl data knows them
 * (USD 2, JPY 0, KWD 3); 2 for a code Intl does not accept (`USDT`, `X`). A leaf of `lib/`: the report
 * rounds its fiat sums with it and the sandbox its invoices' amounts.
 */
export function fiatFractionDigits(currency: string): number {
  let digits = fractionDigitsByCurrency.get(currency);
  if (digits === undefined) {
    try {
      digits = new Intl.NumberFormat('en-US', { style: 'currency', currency }).resolvedOptions()
        .maximumFractionDigits;
    } catch {
      digits = undefined;
    }
    digits ??= 2;
    fractionDigitsByCurrency.set(currency, digits);
  }
  return digits;
}
