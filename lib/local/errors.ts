/**
 * Errors of the local stack. Each message is one line a person can act on; none carries a secret
 * (the sandbox key, the report API token or the link signing key).
 */
export class LocalStackError extends Error {
  // A literal, as every error class here writes it: a minified bundle renames classes, so
  // `new.target.name` would log a mangled name on Lambda.
  override readonly name: string = 'LocalStackError';
}

/** Why a port cannot be listened on. */
export type PortProblem = 'in-use' | 'not-allowed';

/**
 * A part of the stack could not listen on its port: another program holds it, or the system does not
 * let this user have it (ports below 1024). The message names the variable that moves it elsewhere.
 */
export class PortUnavailableError extends LocalStackError {
  override readonly name = 'PortUnavailableError';
  readonly port: number;
  /** The environment variable that chooses the port, such as `REPORT_API_PORT`. */
  readonly variable: string;
  readonly problem: PortProblem;

  constructor(
    service: string,
    port: number,
    variable: string,
    problem: PortProblem,
    options?: { cause?: unknown },
  ) {
    const reason = problem === 'in-use' ? 'is in use' : 'is not allowed for this user';
    super(`port ${port} (${service}) ${reason}: set ${variable} to another port`, options);
    this.port = port;
    this.variable = variable;
    this.problem = problem;
  }
}
