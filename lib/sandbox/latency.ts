import type { MiddlewareHandler } from 'hono';

/**
 * Delays every answer by `latencyMs`, as a distant service would (it costs no CPU while waiting).
 * The global `setTimeout`, so that tests can move time on with fake timers.
 */
export function latency(latencyMs: number): MiddlewareHandler {
  return async (_c, next) => {
    await new Promise((resolve) => setTimeout(resolve, latencyMs));
    await next();
  };
}
