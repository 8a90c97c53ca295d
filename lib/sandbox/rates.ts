import Big from 'big.js';

/**
 * The sandbox's market: exchange rates to USD as smooth, deterministic functions of time, the same for
 * every seed. A rate is a yearly swing plus a nine-day wobble around a base price, rounded to a fixed
 * number of decimals, so the rate at an invoice's creation and at its payment differ a little, as on a
 * real market.
 *
 *   rate(t) = base * (1 + yearly * sin(2π t / year + phase) + wobble * sin(2π t / 9 days + 2 * phase))
 *
 * with `t` in seconds since the Unix epoch.
 */

interface Market {
  base: number;
  yearly: number;
  wobble: number;
  phase: number;
  /** Decimals the rate is rounded to. */
  decimals: number;
}

const YEAR_SECONDS = 365.25 * 86_400;
const WOBBLE_SECONDS = 9 * 86_400;

const CRYPTO_MARKETS: Record<string, Market> = {
  BTC: { base: 62_000, yearly: 0.18, wobble: 0.025, phase: 0.3, decimals: 2 },
  ETH: { base: 3_100, yearly: 0.22, wobble: 0.03, phase: 1.1, decimals: 2 },
  LTC: { base: 84, yearly: 0.2, wobble: 0.03, phase: 2.3, decimals: 2 },
  TRX: { base: 0.125, yearly: 0.15, wobble: 0.02, phase: 4.2, decimals: 5 },
  USDT: { base: 1, yearly: 0.0008, wobble: 0.0004, phase: 0.7, decimals: 4 },
};

const FIAT_MARKETS: Record<string, Market> = {
  USD: { base: 1, yearly: 0, wobble: 0, phase: 0, decimals: 0 },
  EUR: { base: 1.09, yearly: 0.025, wobble: 0.004, phase: 0.9, decimals: 4 },
  GBP: { base: 1.27, yearly: 0.025, wobble: 0.004, phase: 2.9, decimals: 4 },
  JPY: { base: 0.0068, yearly: 0.04, wobble: 0.005, phase: 5.1, decimals: 6 },
  CAD: { base: 0.73, yearly: 0.02, wobble: 0.003, phase: 3.7, decimals: 4 },
};

/** Share of `amountFiatUSD` the service keeps as commission: 1 %. */
export const COMMISSION_RATE = new Big('0.01');

function rateAt(market: Market, t: number): Big {
  const factor =
    1 +
    market.yearly * Math.sin((2 * Math.PI * t) / YEAR_SECONDS + market.phase) +
    market.wobble * Math.sin((2 * Math.PI * t) / WOBBLE_SECONDS + 2 * market.phase);
  return new Big((market.base * factor).toFixed(market.decimals));
}

function marketOf(markets: Record<string, Market>, code: string, kind: string): Market {
  const market = markets[code];
  if (!market) throw new RangeError(`the sandbox has no ${kind} rate for "${code}"`);
  return market;
}

/**
 * USD per unit of a cryptocurrency at an instant.
 * @example cryptoRateUSD('USDT', new Date('2026-10-01T00:00:00Z')) // Big of about 1.0004
 */
export function cryptoRateUSD(cryptocurrency: string, at: Date): Big {
  return cryptoRateAtSeconds(cryptocurrency, at.getTime() / 1000);
}

/** `cryptoRateUSD` at an instant in epoch seconds, for the generator's inner loop. */
export function cryptoRateAtSeconds(cryptocurrency: string, epochSeconds: number): Big {
  return rateAt(marketOf(CRYPTO_MARKETS, cryptocurrency, 'cryptocurrency'), epochSeconds);
}

/** USD per unit of a fiat currency at an instant (exactly 1 for USD). */
export function fiatRateUSD(currency: string, at: Date): Big {
  return fiatRateAtSeconds(currency, at.getTime() / 1000);
}

/** `fiatRateUSD` at an instant in epoch seconds, for the generator's inner loop. */
export function fiatRateAtSeconds(currency: string, epochSeconds: number): Big {
  return rateAt(marketOf(FIAT_MARKETS, currency, 'fiat currency'), epochSeconds);
}

/** Rounds a USD amount to cents, half up. */
export function roundUSD(amount: Big): Big {
  return amount.round(2, Big.roundHalfUp);
}

/** The commission of an invoice: `COMMISSION_RATE` of `amountFiatUSD`, rounded to cents, half up. */
export function commissionUSD(amountFiatUSD: Big): Big {
  return roundUSD(amountFiatUSD.times(COMMISSION_RATE));
}

/**
 * What a received crypto amount is worth in USD at the moment of payment, rounded to cents: the
 * `amountFiatUSD` the service writes over a paid invoice's.
 */
export function receivedUSD(amount: Big, cryptocurrency: string, at: Date): Big {
  return roundUSD(amount.times(cryptoRateUSD(cryptocurrency, at)));
}

/** `receivedUSD` at an instant in epoch seconds. */
export function receivedUSDAtSeconds(amount: Big, cryptocurrency: string, epochSeconds: number): Big {
  return roundUSD(amount.times(cryptoRateAtSeconds(cryptocurrency, epochSeconds)));
}
