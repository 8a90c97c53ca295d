import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';

/** Size and SHA-256 of a file on disk. */
export interface FileDigest {
  size: number;
  /** Lower-case hex. */
  sha256: string;
}

/** Reads a file as a stream (reports can be large) and returns its size and SHA-256. */
export async function digestFile(path: string): Promise<FileDigest> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of createReadStream(path)) {
    const bytes = chunk as Buffer;
    hash.update(bytes);
    size += bytes.length;
  }
  return { size, sha256: hash.digest('hex') };
}
