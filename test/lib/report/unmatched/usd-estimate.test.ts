import { describe, expect, it } from 'vitest';
import { MatchedRates, rateBucketMs } from '../../../../lib/report/unmatched/usd-estimate';

const at = (datetime: string) => Date.parse(`${datetime}Z`);
const TEN_MINUTES = 600_000;

describe('MatchedRates', () => {
  it('takes the rate of the nearest matched payments, their USD total over their crypto total', () => {
    const rates = new MatchedRates(TEN_MINUTES);
    // Two BTC payments in the unmatched payment's own ten minutes, three in the next ones out.
    rates.add('BTC', at('2026-10-05T12:01:00'), '0.01', '600');
    rates.add('BTC', at('2026-10-05T12:08:00'), '0.03', '1830');
    rates.add('BTC', at('2026-10-05T11:55:00'), '0.02', '1210');
    rates.add('BTC', at('2026-10-05T12:12:00'), '0.04', '2440');
    rates.add('BTC', at('2026-10-05T12:19:00'), '0.1', '6100');
    // Farther than five payments need: left out.
    rates.add('BTC', at('2026-10-05T15:00:00'), '1', '99999');
    // Another coin at the same moment: left out.
    rates.add('ETH', at('2026-10-05T12:05:00'), '1', '3000');
    const estimate = rates.estimate('BTC', at('2026-10-05T12:05:00'), '0.005');
    // (600 + 1830 + 1210 + 2440 + 6100) / (0.01 + 0.03 + 0.02 + 0.04 + 0.1) = 12180 / 0.2 = 60900 USD a BTC;
    // 0.005 BTC is 304.50 USD. The farthest, 12:19, is 14 minutes away.
    expect(estimate?.usd.toFixed()).toBe('304.5');
    expect(estimate?.rate.toFixed()).toBe('60900');
    expect(estimate?.basis).toEqual({ kind: 'matched-payments', payments: 5, withinSeconds: 840 });
  });

  it('rounds the estimate once to cents, half up', () => {
    const rates = new MatchedRates(TEN_MINUTES);
    rates.add('LTC', at('2026-10-05T12:00:00'), '3', '250');
    // 0.1 * 250 / 3 = 8.3333… → 8.33; the rate 83.333333333… → 83.33333333.
    const estimate = rates.estimate('LTC', at('2026-10-05T12:00:00'), '0.1');
    expect(estimate?.usd.toFixed()).toBe('8.33');
    expect(estimate?.rate.toFixed()).toBe('83.33333333');
    expect(estimate?.basis).toEqual({ kind: 'matched-payments', payments: 1, withinSeconds: 0 });
  });

  it('has no estimate without a matched payment of the cryptocurrency within 24 hours', () => {
    const rates = new MatchedRates(TEN_MINUTES);
    rates.add('ETH', at('2026-10-05T12:00:00'), '1', '3000');
    rates.add('BTC', at('2026-10-04T11:59:59'), '1', '60000');
    expect(rates.estimate('LTC', at('2026-10-05T12:00:00'), '1')).toBeNull();
    // 24 hours and 1 second before: beyond the bound.
    expect(rates.estimate('BTC', at('2026-10-05T12:00:00'), '1')).toBeNull();
    // Exactly 24 hours before: within it.
    expect(rates.estimate('BTC', at('2026-10-05T11:59:59'), '1')?.basis).toEqual({
      kind: 'matched-payments',
      payments: 1,
      withinSeconds: 86_400,
    });
  });

  it('takes a US dollar stablecoin at 1 USD when no payment of it is matched near', () => {
    const rates = new MatchedRates(TEN_MINUTES);
    const estimate = rates.estimate('usdt', at('2026-10-05T12:00:00'), '41.125');
    expect(estimate?.usd.toFixed()).toBe('41.13');
    expect(estimate?.rate.toFixed()).toBe('1');
    expect(estimate?.basis).toEqual({ kind: 'stablecoin-par' });
  });

  it('estimates a stablecoin from its matched payments when there are some', () => {
    const rates = new MatchedRates(TEN_MINUTES);
    rates.add('USDT', at('2026-10-05T12:00:00'), '100', '100.04');
    const estimate = rates.estimate('USDT', at('2026-10-05T12:30:00'), '50');
    expect(estimate?.usd.toFixed()).toBe('50.02');
    expect(estimate?.basis).toEqual({ kind: 'matched-payments', payments: 1, withinSeconds: 1800 });
  });

  it('leaves out payments of nothing and invoices of 0 USD, which prove no rate', () => {
    const rates = new MatchedRates(TEN_MINUTES);
    rates.add('BTC', at('2026-10-05T12:00:00'), '0', '10');
    rates.add('BTC', at('2026-10-05T12:00:00'), '0.1', '0.00');
    expect(rates.estimate('BTC', at('2026-10-05T12:00:00'), '1')).toBeNull();
  });

  it('sizes its buckets by the period: 10 minutes for a month, 30 for a quarter, 2 hours for a year', () => {
    const day = 86_400_000;
    expect(rateBucketMs(31 * day)).toBe(10 * 60_000);
    expect(rateBucketMs(92 * day)).toBe(30 * 60_000);
    expect(rateBucketMs(365 * day)).toBe(117 * 60_000);
  });
});
