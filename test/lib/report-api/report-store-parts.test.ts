import { describe, expect, it } from 'vitest';
import { progressAt, SingleFlight } from '../../../lib/report-api/report-store';

describe('progressAt', () => {
  it('calls a report built after its period ended complete, running to the end', () => {
    expect(progressAt('2026-11-01T00:00:00.000Z', '2026-11-01T06:00:00.000Z')).toEqual({
      complete: true,
      asOf: '2026-11-01T00:00:00.000Z',
    });
  });

  it('calls a report built at the very instant its period ends complete', () => {
    expect(progressAt('2026-11-01T00:00:00.000Z', '2026-11-01T00:00:00.000Z').complete).toBe(true);
  });

  it('calls a report built before its period ended so far, running to when it was built', () => {
    expect(progressAt('2026-11-01T00:00:00.000Z', '2026-10-23T13:35:02.000Z')).toEqual({
      complete: false,
      asOf: '2026-10-23T13:35:02.000Z',
    });
  });
});

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('SingleFlight', () => {
  it('gives callers of a running key the same promise and runs the task once', async () => {
    const flight = new SingleFlight<string>();
    const gate = deferred<string>();
    let runs = 0;
    const task = () => {
      runs += 1;
      return gate.promise;
    };
    const first = flight.run('acme/2026-10', task);
    const second = flight.run('acme/2026-10', task);
    expect(second).toBe(first);
    expect(flight.current('acme/2026-10')).toBe(first);
    gate.resolve('built');
    expect(await Promise.all([first, second])).toEqual(['built', 'built']);
    expect(runs).toBe(1);
  });

  it('runs different keys apart', async () => {
    const flight = new SingleFlight<string>();
    const a = flight.run('acme/2026-10', async () => 'october');
    const b = flight.run('acme/2026-09', async () => 'september');
    expect(await Promise.all([a, b])).toEqual(['october', 'september']);
  });

  it('forgets a key once its task settles, so the next call runs again', async () => {
    const flight = new SingleFlight<number>();
    let runs = 0;
    await flight.run('k', async () => ++runs);
    expect(flight.current('k')).toBeUndefined();
    expect(await flight.run('k', async () => ++runs)).toBe(2);
  });

  it('hands a failure to every caller and then forgets it', async () => {
    const flight = new SingleFlight<number>();
    const gate = deferred<number>();
    const first = flight.run('k', () => gate.promise);
    const second = flight.run('k', () => gate.promise);
    gate.reject(new Error('service down'));
    await expect(first).rejects.toThrow('service down');
    await expect(second).rejects.toThrow('service down');
    expect(flight.current('k')).toBeUndefined();
  });
});
