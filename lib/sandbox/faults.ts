import type { MiddlewareHandler } from 'hono';
import { errorBody } from './error-body';
import { SeededRandom } from './seeded-random';

const FAULT_STREAM = 0xfa17;

export interface FaultOptions {
  /** Share of requests answered with a fault, 0..1. */
  rate: number;
  /** Seeds the draws, so a run's sequence of faults (in order of arrival) is reproducible. */
  seed: number;
  /** `Retry-After` of a 429, in seconds. */
  retryAfterSeconds: number;
}

/**
 * Answers a share of requests, before anything else, as an overloaded service would: half of the
 * faults are 429 with `Retry-After`, half 503. A client's retry paths can then be tested.
 */
export function faults(options: FaultOptions): MiddlewareHandler {
  const random = new SeededRandom(options.seed, FAULT_STREAM);
  return async (c, next) => {
    if (!random.chance(options.rate)) return next();
    if (random.chance(0.5)) {
      c.header('Retry-After', String(options.retryAfterSeconds));
      return c.json(
        errorBody('rate_limited', `too many requests; retry after ${options.retryAfterSeconds} seconds`),
        429,
      );
    }
    return c.json(errorBody('unavailable', 'the service is temporarily unavailable; retry later'), 503);
  };
}
