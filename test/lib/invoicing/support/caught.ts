import { expect } from 'vitest';
import { InvoicingParameterError } from '../../../../lib/invoicing/errors';

/**
 * The error a promise rejects with (or a function throws), after checking that no trace of the
 * secret is in it: message, excerpt, stack, and the message of its cause.
 */
export async function caught(run: Promise<unknown> | (() => unknown), secret: string): Promise<Error> {
  let error: unknown;
  try {
    await (typeof run === 'function' ? run() : run);
  } catch (thrown) {
    error = thrown;
  }
  if (!(error instanceof Error)) throw new Error(`expected an Error to be thrown, got ${String(error)}`);
  const cause = error.cause instanceof Error ? error.cause.message : String(error.cause ?? '');
  const visible = [error.message, error.stack ?? '', cause, JSON.stringify(error)].join('\n');
  expect(visible).not.toContain(secret);
  return error;
}

/** The `InvoicingParameterError` a function throws at once; anything else fails the test. */
export function thrownParameterError(run: () => unknown): InvoicingParameterError {
  try {
    run();
  } catch (error) {
    if (error instanceof InvoicingParameterError) return error;
    throw error;
  }
  throw new Error('expected an InvoicingParameterError');
}
