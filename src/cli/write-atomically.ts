import { rename, rm, writeFile } from 'node:fs/promises';
import { CairnError } from '../errors.js';

/**
 * A reader never sees half a file: write beside the target, then rename
 * over it. Throws CairnError `output_unwritable` naming the path.
 */
export async function writeAtomically(path: string, text: string): Promise<void> {
  const partial = `${path}.partial-${process.pid}`;
  try {
    await writeFile(partial, text);
    await rename(partial, path);
  } catch (cause) {
    await rm(partial, { force: true });
    throw new CairnError(
      'output_unwritable',
      `Cannot write ${path}: ${(cause as NodeJS.ErrnoException).code ?? cause}`,
      {
        cause,
        details: { source: path },
      },
    );
  }
}
