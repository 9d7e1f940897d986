import type { ReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { notFound } from '../errors.js';

/**
 * A file to send, opened before the answer starts: a file deleted in between (a receipt replaced as the owner opens
 * it, a backup rotated out) is the 404 `goneMessage`, not a stream that fails once its headers are chosen.
 */
export async function openForDownload(file: string, goneMessage: string): Promise<ReadStream> {
  try {
    return (await open(file)).createReadStream();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw notFound(goneMessage);
    throw error;
  }
}
