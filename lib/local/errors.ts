/** Errors of the local stack: one line a person can act on, never a secret. */
export class LocalStackError extends Error {
  // A literal, as every error class here writes it: a minified bundle renames classes.
  override readonly name: string = 'LocalStackError';
}

/**
 * A part of the stack could not listen on its port: another program holds it, or the system does not
 * let this user have it (ports below 1024). The message names the variable that moves it elsewhere.
 */
export class PortUnavailableError extends LocalStackError {
  override readonly name = 'PortUnavailableError';

  constructor(
    service: string,
    port: number,
    variable: string,
    problem: 'in-use' | 'not-allowed',
    options?: ErrorOptions,
  ) {
    const reason = problem === 'in-use' ? 'is in use' : 'is not allowed for this user';
    super(`port ${port} (${service}) ${reason}: set ${variable} to another port`, options);
  }
}
