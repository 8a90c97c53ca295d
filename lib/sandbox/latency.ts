import type { MiddlewareHandler } from 'hono';

/**
 * Holds every answer back until `latencyMs` after its request arrived, as a distant service would (it
 * costs no CPU while waiting). The answer is worked out while it waits: a service runs requests side by
 * side, where one thread that worked only after the wait would queue concurrent requests behind each
 * other and add its own CPU to every answer's time.
 * The global `setTimeout`, so that tests can move time on with fake timers.
 */
export function latency(latencyMs: number): MiddlewareHandler {
  return async (_c, next) => {
    const held = new Promise((resolve) => setTimeout(resolve, latencyMs));
    await next();
    await held;
  };
}
