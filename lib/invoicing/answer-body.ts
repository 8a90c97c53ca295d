import { isAscii } from 'node:buffer';

/** A leading byte order mark in UTF-8, dropped as `Response#text()` drops it. */
const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/** Bytes that are not ASCII, read as Latin-1: in UTF-8 each run of them is whole characters. */
const NON_ASCII_RUN = /[\x80-\xff]+/g;

/** Each UTF-16 code unit of `text` as a JSON escape, `é` as `\u00e9`. */
function jsonEscapes(text: string): string {
  let escaped = '';
  for (let index = 0; index < text.length; index++) {
    escaped += `\\u${text.charCodeAt(index).toString(16).padStart(4, '0')}`;
  }
  return escaped;
}

/** The body of an answer as it was received, read as text the way each reader needs it. */
export class AnswerBody {
  readonly #bytes: Buffer;

  constructor(bytes: Uint8Array) {
    const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    this.#bytes = buffer.subarray(0, 3).equals(UTF8_BOM) ? buffer.subarray(3) : buffer;
  }

  /** The body as UTF-8 text, a leading byte order mark dropped: what an error quotes. */
  text(): string {
    return this.#bytes.toString('utf8');
  }

  /**
   * The body as text that a JSON parser reads exactly as it reads `text()`, but in ASCII: every character
   * that is not ASCII written as a `\uXXXX` escape. Valid JSON holds such characters only inside strings,
   * where an escape means the same character; anywhere else an escape is as invalid as the character.
   *
   * Why: one character outside ASCII (an `é`, a `€`, an emoji) makes V8 decode the whole page the slow
   * way and hold it as two-byte text, which then parses more slowly too, about twice the cost of an
   * ASCII page of the same size. Here the page is read as Latin-1 (a copy), and only the runs of
   * non-ASCII bytes are decoded; each run is whole UTF-8 characters, or is invalid exactly where the
   * whole text would be, since an ASCII byte ends any sequence.
   */
  jsonText(): string {
    const latin1 = this.#bytes.toString('latin1');
    if (isAscii(this.#bytes)) return latin1;
    return latin1.replace(NON_ASCII_RUN, (run) => jsonEscapes(Buffer.from(run, 'latin1').toString('utf8')));
  }
}
