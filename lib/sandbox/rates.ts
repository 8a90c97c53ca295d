import Big from 'big.js';
import { LosslessNumber } from 'lossless-json';

/**
 * The sandbox's market: rates to USD as smooth functions of time, the same for every seed, so the rate
 * at an invoice's creation and at its payment differ a little, as on a real market:
 *
 *   rate(t) = base * (1 + yearly * sin(2π t / year + phase) + wobble * sin(2π t / 9 days + 2 * phase))
 *
 * with `t` in seconds since the Unix epoch, rounded to the market's decimals.
 */
type Market = readonly [base: number, yearly: number, wobble: number, phase: number, decimals: number];

const CRYPTO_MARKETS: Record<string, Market> = {
  BTC: [62_000, 0.18, 0.025, 0.3, 2],
  ETH: [3_100, 0.22, 0.03, 1.1, 2],
  LTC: [84, 0.2, 0.03, 2.3, 2],
  TRX: [0.125, 0.15, 0.02, 4.2, 5],
  USDT: [1, 0.0008, 0.0004, 0.7, 4],
};

const FIAT_MARKETS: Record<string, Market> = {
  USD: [1, 0, 0, 0, 0],
  EUR: [1.09, 0.025, 0.004, 0.9, 4],
  GBP: [1.27, 0.025, 0.004, 2.9, 4],
  JPY: [0.0068, 0.04, 0.005, 5.1, 6],
  CAD: [0.73, 0.02, 0.003, 3.7, 4],
};

/** Decimals a crypto amount of the sandbox carries (never more than 8). */
const CRYPTO_DECIMALS: Record<string, number> = { BTC: 8, ETH: 8, LTC: 8, USDT: 6, TRX: 6 };

export function cryptoDecimals(cryptocurrency: string): number {
  return CRYPTO_DECIMALS[cryptocurrency] ?? 8;
}

function rateAt(markets: Record<string, Market>, code: string, kind: string, at: Date | number): Big {
  const market = markets[code];
  if (!market) throw new RangeError(`the sandbox has no ${kind} rate for "${code}"`);
  const [base, yearly, wobble, phase, decimals] = market;
  const t = typeof at === 'number' ? at : at.getTime() / 1000;
  const factor =
    1 +
    yearly * Math.sin((2 * Math.PI * t) / (365.25 * 86_400) + phase) +
    wobble * Math.sin((2 * Math.PI * t) / (9 * 86_400) + 2 * phase);
  return new Big((base * factor).toFixed(decimals));
}

/** USD per unit of a cryptocurrency at an instant. */
export function cryptoRateUSD(cryptocurrency: string, at: Date | number): Big {
  return rateAt(CRYPTO_MARKETS, cryptocurrency, 'cryptocurrency', at);
}

/** USD per unit of a fiat currency at an instant (exactly 1 for USD). */
export function fiatRateUSD(currency: string, at: Date | number): Big {
  return rateAt(FIAT_MARKETS, currency, 'fiat currency', at);
}

/** Rounds to `decimals`, half up. */
export function roundTo(amount: Big, decimals: number): Big {
  return amount.round(decimals, Big.roundHalfUp);
}

/** The commission of an invoice: 1 % of `amountFiatUSD`, rounded to cents, half up. */
export function commissionUSD(amountFiatUSD: Big): Big {
  return roundTo(amountFiatUSD.times('0.01'), 2);
}

/** What a received crypto amount is worth in USD at its moment, in cents: a paid invoice's `amountFiatUSD`. */
export function receivedUSD(amount: Big, cryptocurrency: string, at: Date | number): Big {
  return roundTo(amount.times(cryptoRateUSD(cryptocurrency, at)), 2);
}

/** An exact decimal as the JSON number the service sends: below 1e-6 in exponent form, as PHP writes it. */
export function jsonNumber(amount: Big): number {
  return Number(amount.toFixed());
}

/** An amount as a record may hold it: a JSON number, numeric text, or a `LosslessNumber`. */
export type DecimalSource = number | string | LosslessNumber;

export function decimalOf(amount: DecimalSource): Big {
  return new Big(typeof amount === 'number' ? amount : amount.toString());
}

/** An exact decimal as a number token with every digit (`JSON.stringify` would go through a double). */
export function exactNumber(amount: Big): LosslessNumber {
  return new LosslessNumber(amount.toFixed());
}
