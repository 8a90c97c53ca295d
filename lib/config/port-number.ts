/** The highest TCP port. */
export const MAX_PORT = 65_535;

/** A decimal TCP port, 0 to 65535, spaces around allowed; `undefined` otherwise, for the caller to word. */
export function parsePort(text: string): number | undefined {
  const trimmed = text.trim();
  if (!/^\d{1,5}$/.test(trimmed)) return undefined;
  const port = Number(trimmed);
  return port <= MAX_PORT ? port : undefined;
}
