/** Errors of the local stack: one line a person can act on, never a secret. */
export class LocalStackError extends Error {
  // A literal, as every error class here writes it: a minified bundle renames classes.
  override readonly name = 'LocalStackError';
}
