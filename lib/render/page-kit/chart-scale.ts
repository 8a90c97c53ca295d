import Big from 'big.js';

/**
 * The top of a chart's axis: the smallest of 1, 2, 2.5 or 5 times a power of ten that is at least
 * the largest value, so the axis reads in round numbers (`4,793.20` → `5,000`). `0` for nothing.
 */
export function axisTop(largest: Big): Big {
  if (largest.lte(0)) return new Big(0);
  let power = new Big(1);
  while (power.times(10).lte(largest)) power = power.times(10);
  while (power.gt(largest)) power = power.div(10);
  for (const step of ['1', '2', '2.5', '5', '10']) {
    const candidate = power.times(step);
    if (candidate.gte(largest)) return candidate;
  }
  return power.times(10);
}

/** A value's height as a fraction of the axis, 0..1, for drawing (never for printing). */
export function heightFraction(value: Big, top: Big): number {
  if (top.lte(0) || value.lte(0)) return 0;
  return Math.min(1, Number(value.div(top).toFixed(6)));
}
