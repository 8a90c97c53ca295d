import Big from 'big.js';
import { secondsInDay, secondsInHour } from 'date-fns/constants';
import { fiatFractionDigits } from '../invoicing';
import { cryptoDecimals } from './amounts';
import { cryptoRateAtSeconds, fiatRateAtSeconds } from './rates';
import { AWKWARD_DESCRIPTIONS, ORDINARY_DESCRIPTIONS } from './sample-texts';
import { type SeededRandom, WeightedChoice } from './seeded-random';

/** Time from creation to `timeToPayDatetime`, by how often merchants choose it. */
export const LIFETIMES = new WeightedChoice([
  [15 * 60, 20],
  [30 * 60, 30],
  [secondsInHour, 25],
  [2 * secondsInHour, 15],
  [secondsInDay, 10],
]);
/** Invoice currencies, by how often they are used. */
export const CURRENCIES = new WeightedChoice([
  ['USD', 45],
  ['EUR', 25],
  ['GBP', 15],
  ['JPY', 10],
  ['CAD', 5],
]);

/**
 * The crypto amount quoted for a USD amount at an instant, rounded down to the coin's decimals.
 * A quote is only a generated figure (what the customer chose to send), so floating point is fine
 * here and spares a decimal division per invoice; what is derived from it is computed exactly.
 */
export function quote(usd: Big, cryptocurrency: string, at: number): Big {
  const decimals = cryptoDecimals(cryptocurrency);
  const scale = 10 ** decimals;
  const units = Math.floor((usd.toNumber() / cryptoRateAtSeconds(cryptocurrency, at).toNumber()) * scale);
  return new Big((Math.max(units, 1) / scale).toFixed(decimals));
}

/** A price between about 5 and 2,500 USD, in the currency's minor units; a third are round figures. */
export function drawAmountFiat(random: SeededRandom, currency: string, at: number): Big {
  const usd = Math.exp(Math.log(5) + random.float() * Math.log(500));
  const local = usd / fiatRateAtSeconds(currency, at).toNumber();
  const decimals = random.chance(1 / 3) ? 0 : fiatFractionDigits(currency);
  return new Big(local.toFixed(decimals));
}

/** A description: none for 15 %, an awkward one for 8 %, else an ordinary one. */
export function drawDescription(random: SeededRandom): string | null {
  const draw = random.float();
  if (draw < 0.15) return null;
  if (draw < 0.23) return random.pick(AWKWARD_DESCRIPTIONS);
  return random.pick(ORDINARY_DESCRIPTIONS);
}
