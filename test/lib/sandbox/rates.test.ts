import Big from 'big.js';
import { describe, expect, it } from 'vitest';
import { commissionUSD, cryptoRateUSD, fiatRateUSD, receivedUSD } from '../../../lib/sandbox/rates';

const EPOCH = new Date(0);

describe('cryptoRateUSD', () => {
  // At t = 0 the formula is base * (1 + yearly * sin(phase) + wobble * sin(2 * phase)), worked out with
  // a calculator from the constants in rates.ts.
  it('follows the documented formula, rounded to the market decimals', () => {
    expect(cryptoRateUSD('BTC', EPOCH).toFixed()).toBe('66173.2');
    expect(cryptoRateUSD('USDT', EPOCH).toFixed()).toBe('1.0009');
  });

  it('keeps a stablecoin within a few hundredths of a cent of a dollar all year', () => {
    for (let day = 0; day < 400; day += 3) {
      const rate = cryptoRateUSD('USDT', new Date(Date.UTC(2026, 0, 1 + day)));
      expect(rate.minus(1).abs().lte('0.0012')).toBe(true);
    }
  });

  it('moves between two moments of the same day', () => {
    const morning = cryptoRateUSD('BTC', new Date('2026-10-01T08:00:00Z'));
    const evening = cryptoRateUSD('BTC', new Date('2026-10-01T20:00:00Z'));
    expect(morning.eq(evening)).toBe(false);
  });

  it('refuses a cryptocurrency it has no market for', () => {
    expect(() => cryptoRateUSD('DOGE', EPOCH)).toThrow(/no cryptocurrency rate for "DOGE"/);
  });
});

describe('fiatRateUSD', () => {
  it('is exactly 1 for USD', () => {
    expect(fiatRateUSD('USD', new Date('2026-03-29T01:00:00Z')).toFixed()).toBe('1');
  });

  it('follows the documented formula for EUR', () => {
    expect(fiatRateUSD('EUR', EPOCH).toFixed()).toBe('1.1156');
  });
});

describe('commissionUSD', () => {
  it('takes 1 % and rounds half up to the cent', () => {
    expect(commissionUSD(new Big('123.45')).toFixed(2)).toBe('1.23');
    expect(commissionUSD(new Big('150.50')).toFixed(2)).toBe('1.51');
    expect(commissionUSD(new Big('0.49')).toFixed(2)).toBe('0.00');
  });
});

describe('receivedUSD', () => {
  it('multiplies the received amount by the rate of the moment and rounds half up to the cent', () => {
    // 0.001 BTC at 66173.20 USD is 66.1732 USD.
    expect(receivedUSD(new Big('0.001'), 'BTC', EPOCH).toFixed(2)).toBe('66.17');
    // 0.00000095 BTC at 66173.20 USD is 0.06286454 USD.
    expect(receivedUSD(new Big('0.00000095'), 'BTC', EPOCH).toFixed(2)).toBe('0.06');
  });
});
