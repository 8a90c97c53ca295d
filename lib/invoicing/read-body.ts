import { AnswerBody } from './answer-body';
import type { TransportAnswer } from './transport';

/**
 * The answer's body, or `undefined` when it holds more than `maxBytes` (after any content coding
 * is undone): the connection is then dropped at once, so a huge or endless answer costs at most
 * `maxBytes` of memory and never more time than it takes to receive them. A `Content-Length` above the
 * limit is refused before a byte is read.
 */
export async function readBody(answer: TransportAnswer, maxBytes: number): Promise<AnswerBody | undefined> {
  const declared = Number(answer.headers.get('content-length') ?? 0);
  if (declared > maxBytes) {
    answer.discard();
    return undefined;
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of answer.body) {
    size += chunk.byteLength;
    if (size > maxBytes) {
      answer.discard();
      return undefined;
    }
    chunks.push(chunk);
  }
  return new AnswerBody(chunks.length === 1 ? (chunks[0] as Uint8Array) : Buffer.concat(chunks, size));
}
