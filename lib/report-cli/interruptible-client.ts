import type { InvoicingClient } from '../invoicing';

/** The person stopped the report (Ctrl-C, or a signal to end): nothing more is fetched or written. */
export class ReportInterruptedError extends Error {
  override readonly name = 'ReportInterruptedError';

  constructor() {
    super('interrupted');
  }
}

/**
 * The client, but every call and every list walk fails with a `ReportInterruptedError` the moment
 * `signal` aborts, without waiting for the answer in flight: the report then fails as it does when the
 * service fails, which removes its hidden folder and the rows it sorted on disk. (Killed by the signal
 * instead, the process left both behind in the output folder, hundreds of megabytes for a large period.)
 */
export function interruptibleClient(client: InvoicingClient, signal: AbortSignal): InvoicingClient {
  const untilInterrupted = <T>(answer: Promise<T>): Promise<T> => {
    if (signal.aborted) {
      answer.catch(() => undefined);
      return Promise.reject(new ReportInterruptedError());
    }
    return new Promise<T>((resolve, reject) => {
      const interrupt = () => reject(new ReportInterruptedError());
      signal.addEventListener('abort', interrupt, { once: true });
      answer.then(resolve, reject).finally(() => signal.removeEventListener('abort', interrupt));
    });
  };
  const walk = <T>(list: AsyncIterable<T>): AsyncIterable<T> => ({
    [Symbol.asyncIterator]: () => {
      const records = list[Symbol.asyncIterator]();
      // Ends the walk's paging; not awaited, as it waits for the page in flight.
      const end = () => void records.return?.().catch(() => undefined);
      return {
        next: () =>
          untilInterrupted(records.next()).catch((error: unknown) => {
            if (error instanceof ReportInterruptedError) end();
            throw error;
          }),
        return: async () => {
          end();
          return { done: true, value: undefined };
        },
      };
    },
  });
  return {
    invoiceStatistics: (filter) => untilInterrupted(client.invoiceStatistics(filter)),
    listInvoices: (params) => untilInterrupted(client.listInvoices(params)),
    listPayments: (params) => untilInterrupted(client.listPayments(params)),
    invoices: (filter) => walk(client.invoices(filter)),
    payments: (filter) => walk(client.payments(filter)),
  };
}
