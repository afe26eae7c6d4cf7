import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { CairnError } from '../errors.js';

interface LineSink {
  write(text: string): unknown;
}

/**
 * Writes lines as they come: to `out` beside it first, renamed over it once
 * the last line is written (so a failed export leaves no half file), or to
 * `stdout` without a path. Waits for a stream's `drain` when it asks, so
 * memory holds a few lines, not the output.
 */
export async function writeLinesAtomically(
  lines: AsyncIterable<string>,
  out: string | undefined,
  stdout: LineSink,
): Promise<void> {
  if (out === undefined) {
    for await (const line of lines) {
      if (stdout.write(line) === false && isEmitter(stdout)) await once(stdout, 'drain');
    }
    return;
  }
  const partial = `${out}.partial-${process.pid}`;
  const file = createWriteStream(partial);
  const failed = once(file, 'error').then(([cause]) => {
    throw unwritable(out, cause);
  });
  failed.catch(() => {});
  try {
    for await (const line of lines) {
      if (!file.write(line)) await Promise.race([once(file, 'drain'), failed]);
    }
    file.end();
    await Promise.race([once(file, 'finish'), failed]);
    await rename(partial, out).catch((cause: unknown) => {
      throw unwritable(out, cause);
    });
  } catch (error) {
    file.destroy();
    await rm(partial, { force: true }).catch(() => {});
    throw error;
  }
}

function isEmitter(sink: LineSink): sink is LineSink & NodeJS.EventEmitter {
  return typeof (sink as Partial<NodeJS.EventEmitter>).once === 'function';
}

function unwritable(out: string, cause: unknown): CairnError {
  return new CairnError(
    'output_unwritable',
    `Cannot write ${out}: ${(cause as NodeJS.ErrnoException).code ?? String(cause)}`,
    { cause, details: { source: out } },
  );
}
