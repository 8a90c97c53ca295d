/** Empties the store of the SES emulator at `endpoint` (`startSesEmulator` in `lib/local`). */
export async function clearSesStore(endpoint: string): Promise<void> {
  const response = await fetch(`${endpoint}/clear-store`, { method: 'POST' });
  if (!response.ok) throw new Error(`SES emulator clear-store answered ${response.status}`);
}
