/** A command was called wrongly: its message says how to call it, and the command exits 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}
