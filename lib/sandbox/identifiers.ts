import type { SeededRandom } from './seeded-random';
import type { MonthNumber } from './service-time';

/** A random version-4 UUID drawn from the seeded stream. */
export function randomUuid(random: SeededRandom): string {
  const hex = random.hex(32);
  const variant = ((Number.parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  // `join` makes one flat string; a template literal would keep its pieces alive, in every record.
  return [
    hex.slice(0, 8),
    hex.slice(8, 12),
    `4${hex.slice(13, 16)}`,
    variant + hex.slice(17, 20),
    hex.slice(20, 32),
  ].join('-');
}

/**
 * A generated invoice's id: a version-4 UUID whose last group carries the month (4 hex digits) and the
 * invoice's serial (8), so a lookup by `invoiceId` generates one month, not fifteen.
 */
export function invoiceId(random: SeededRandom, month: MonthNumber, serial: number): string {
  const tail = `${month.toString(16).padStart(4, '0')}${serial.toString(16).padStart(8, '0')}`;
  return [randomUuid(random).slice(0, 24), tail].join('');
}

/** The month a generated invoice id carries; `undefined` for any other text. */
export function monthOfInvoiceId(id: string): MonthNumber | undefined {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i.test(id)) return undefined;
  return Number.parseInt(id.slice(24, 28), 16);
}

/** A generated invoice's customer-facing id: `INV-202610-000042` (month, then serial). */
export function invoiceUid(month: MonthNumber, serial: number): string {
  const digits = `${Math.floor(month / 12)}${String((month % 12) + 1).padStart(2, '0')}`;
  return ['INV', digits, String(serial + 1).padStart(6, '0')].join('-');
}

/** The month a generated invoice uid carries; `undefined` for any other text. */
export function monthOfInvoiceUid(uid: string): MonthNumber | undefined {
  const match = /^INV-(\d{4})(\d{2})-\d{6,}$/.exec(uid);
  return match ? Number(match[1]) * 12 + Number(match[2]) - 1 : undefined;
}

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';

/** An address in the usual shape of the blockchain (not a valid checksum: nothing is ever sent to it). */
export function walletAddress(random: SeededRandom, blockchain: string): string {
  if (blockchain === 'Bitcoin') return `bc1q${random.chars(BECH32, 38)}`;
  if (blockchain === 'Litecoin') return `ltc1q${random.chars(BECH32, 38)}`;
  if (blockchain === 'Tron') return `T${random.chars(BASE58, 33)}`;
  return `0x${random.hex(40)}`;
}

/** A transaction hash in the usual shape of the blockchain. */
export function transactionHash(random: SeededRandom, blockchain: string): string {
  return blockchain === 'Ethereum' ? ['0x', random.hex(64)].join('') : random.hex(64);
}
