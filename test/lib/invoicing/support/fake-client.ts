import { afterAll } from 'vitest';
import type { InvoicingClientHooks, InvoicingClientOptions } from '../../../../lib/invoicing/client';
import { createInvoicingClient } from '../../../../lib/invoicing/client';
import { type FakeService, type FakeServiceOptions, startFakeService } from './fake-service';

/**
 * Starts fake services for one test file and closes them all after it. Call at the top of the file.
 * @returns the function that starts one
 */
export function fakeServices(): (options?: FakeServiceOptions) => Promise<FakeService> {
  const started: FakeService[] = [];
  afterAll(async () => {
    await Promise.all(started.map((fake) => fake.close()));
  });
  return async (options = {}) => {
    const fake = await startFakeService(options);
    started.push(fake);
    return fake;
  };
}

/** A client of `fake` whose waits between attempts are recorded instead of slept. */
export function clientOf(
  fake: FakeService,
  options: Partial<InvoicingClientOptions & InvoicingClientHooks> = {},
) {
  const waits: number[] = [];
  const client = createInvoicingClient({
    baseUrl: fake.url,
    apiKey: fake.apiKey,
    sleep: async (ms) => {
      waits.push(ms);
    },
    random: () => 0.5,
    ...options,
  });
  return { client, waits };
}
