import Big from 'big.js';
import { LosslessNumber } from 'lossless-json';

/** Decimals a crypto amount of the sandbox carries (never more than 8). */
const CRYPTO_DECIMALS: Record<string, number> = { BTC: 8, ETH: 8, LTC: 8, USDT: 6, TRX: 6 };

export function cryptoDecimals(cryptocurrency: string): number {
  return CRYPTO_DECIMALS[cryptocurrency] ?? 8;
}

/**
 * An exact decimal as the JSON number the service sends. `JSON.stringify` writes numbers below 1e-6 in
 * exponent form (`9.5e-7`), as PHP's `json_encode` does: clients must read either form.
 */
export function jsonNumber(amount: Big): number {
  return Number(amount.toFixed());
}

/**
 * An amount as a record may hold it: a JSON number, numeric text, or a decimal kept as text
 * (`LosslessNumber`) that is written as a number token with every digit.
 */
export type DecimalSource = number | string | LosslessNumber;

/** The exact decimal of an amount a record holds. */
export function decimalOf(amount: DecimalSource): Big {
  return new Big(typeof amount === 'number' ? amount : amount.toString());
}

/** An exact decimal as a number token with every digit (`JSON.stringify` would go through a double). */
export function exactNumber(amount: Big): LosslessNumber {
  return new LosslessNumber(amount.toFixed());
}

/** Rounds to `decimals`, half up. */
export function roundTo(amount: Big, decimals: number): Big {
  return amount.round(decimals, Big.roundHalfUp);
}
