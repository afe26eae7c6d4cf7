import writeFileAtomic from 'write-file-atomic';
import { CairnError } from '../errors.js';

/**
 * A reader never sees half a file: `write-file-atomic` writes beside the
 * target, syncs, and renames over it. Throws CairnError `output_unwritable`
 * naming the path.
 */
export async function writeAtomically(path: string, text: string): Promise<void> {
  try {
    await writeFileAtomic(path, text);
  } catch (cause) {
    throw new CairnError(
      'output_unwritable',
      `Cannot write ${path}: ${(cause as NodeJS.ErrnoException).code ?? cause}`,
      { cause, details: { source: path } },
    );
  }
}
