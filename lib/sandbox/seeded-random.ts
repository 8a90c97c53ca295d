import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import type { RandomGenerator } from 'pure-rand/types/RandomGenerator';

/**
 * Folds several integers (a seed, a month, a stream tag) into the one 32-bit seed pure-rand takes, with
 * MurmurHash3's finaliser, so that neighbouring months or seeds do not start from correlated states.
 */
export function streamSeed(...parts: number[]): number {
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

/**
 * Random bytes are written here and read back as hex in one native call: built up in JavaScript, the
 * digits of a large month's ids and hashes made strings of many pieces that kept the collector busy.
 */
const HEX_SCRATCH = Buffer.alloc(36);

/** Values with weights, drawn by `SeededRandom.weighted`. */
export class WeightedChoice<T> {
  readonly values: readonly T[];
  readonly cumulative: readonly number[];

  constructor(entries: readonly (readonly [T, number])[]) {
    this.values = entries.map(([value]) => value);
    let total = 0;
    this.cumulative = entries.map(([, weight]) => (total += weight));
  }
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

  weighted<T>({ values, cumulative }: WeightedChoice<T>): T {
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

  /** `length` characters drawn from `alphabet`. */
  chars(alphabet: string, length: number): string {
    let text = '';
    for (let index = 0; index < length; index++) text += alphabet[this.int(0, alphabet.length - 1)];
    return text;
  }
}
