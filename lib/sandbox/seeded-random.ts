import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import type { RandomGenerator } from 'pure-rand/types/RandomGenerator';
import type { MonthNumber } from './date-reading';

/** Folds integers into pure-rand's 32-bit seed with MurmurHash3's mixing, so neighbours do not correlate. */
function streamSeed(...parts: number[]): number {
  let hash = 0x9e3779b9;
  for (const part of parts) {
    // Both halves of a safe integer count, so seeds above 2^32 stay distinct.
    for (const word of [part % 0x1_0000_0000, Math.floor(part / 0x1_0000_0000)]) {
      hash = Math.imul(hash ^ (word | 0), 0xcc9e2d51);
      hash = (hash << 15) | (hash >>> 17);
      hash = Math.imul(hash, 0x1b873593);
      hash ^= hash >>> 16;
      hash = Math.imul(hash, 0x85ebca6b);
      hash ^= hash >>> 13;
      hash = Math.imul(hash, 0xc2b2ae35);
      hash ^= hash >>> 16;
    }
  }
  return hash | 0;
}

/** Hex digits in one native call: built up in JavaScript, a large month's ids kept the collector busy. */
const HEX_SCRATCH = Buffer.alloc(36);

/** Values with weights, drawn by `SeededRandom.weighted`. */
export function weightedChoice<T>(entries: readonly (readonly [T, number])[]) {
  let total = 0;
  return {
    values: entries.map(([value]) => value),
    cumulative: entries.map(([, weight]) => (total += weight)),
  };
}

/** A seeded random stream with the few draws the sandbox needs. The same parts give the same stream. */
export class SeededRandom {
  private readonly generator: RandomGenerator;

  constructor(...parts: number[]) {
    this.generator = xoroshiro128plus(streamSeed(...parts));
  }

  /** An integer in `[min, max]`, both included. */
  int(min: number, max: number): number {
    return uniformInt(this.generator, min, max);
  }

  /** A number in `[0, 1)`. */
  float(): number {
    return uniformFloat64(this.generator);
  }

  chance(p: number): boolean {
    return this.float() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(0, items.length - 1)]!;
  }

  weighted<T>({ values, cumulative }: ReturnType<typeof weightedChoice<T>>): T {
    const point = this.float() * cumulative[cumulative.length - 1]!;
    const index = cumulative.findIndex((bound) => point < bound);
    return values[index === -1 ? values.length - 1 : index]!;
  }

  /** `length` lowercase hexadecimal digits (an even number, at most 64). */
  hex(length: number): string {
    for (let offset = 0; offset < length / 2; offset += 4)
      HEX_SCRATCH.writeInt32LE(this.generator.next(), offset);
    return HEX_SCRATCH.toString('hex', 0, length / 2);
  }

  chars(alphabet: string, length: number): string {
    let text = '';
    for (let index = 0; index < length; index++) text += alphabet[this.int(0, alphabet.length - 1)];
    return text;
  }
}

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

/** A version-4 UUID ending in the month (4 hex digits) and serial (8): a lookup generates one month. */
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
