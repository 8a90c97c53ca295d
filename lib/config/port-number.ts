/** The highest TCP port. */
export const MAX_PORT = 65_535;

/**
 * A TCP port written in decimal, 0 to 65535 (0 asks the system for a free one), surrounding spaces
 * allowed; `undefined` for anything else (a sign, a fraction, a name), so that each caller words its
 * own message about the option or variable it read.
 * @example parsePort(' 4010 ') // 4010
 */
export function parsePort(text: string): number | undefined {
  const trimmed = text.trim();
  if (!/^\d{1,5}$/.test(trimmed)) return undefined;
  const port = Number(trimmed);
  return port <= MAX_PORT ? port : undefined;
}
