import { realpath, stat } from 'node:fs/promises';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { CairnError } from '../errors.js';

/**
 * A path a client asked the server to read, resolved inside `root` or
 * refused with `path_outside_root`: NUL bytes, URLs (`file://` and any
 * other scheme), absolute paths, any `..` segment (even one that would
 * land back inside), and a path whose real location, symlinks followed,
 * is outside the root's real location. A path inside the root that does
 * not exist is `file_not_found`, and one that is neither a folder nor a
 * regular file (a FIFO would block the reader) `file_unreadable`. Messages name the path as the client
 * gave it, never the server's own directories. The lexical path is
 * returned, not the real one, so a document's source_url (and with it its
 * doc_uid) is what `cairn ingest` of the same path would record.
 */
export async function confinePath(root: string, requested: string): Promise<string> {
  const refuse = (why: string): never => {
    throw new CairnError('path_outside_root', `Path refused: ${why}`, {
      details: { path: requested.slice(0, 200) },
    });
  };
  if (requested === '') refuse('it is empty');
  if (requested.includes('\0')) refuse('it contains a NUL byte');
  if (/^[a-z][a-z0-9+.-]*:/i.test(requested) && !/^[a-z]:[\\/]/i.test(requested))
    refuse('URLs are not paths; give a path relative to the server root');
  if (isAbsolute(requested) || /^[a-z]:/i.test(requested) || requested.startsWith('\\'))
    refuse('absolute paths are not allowed; give a path relative to the server root');
  if (requested.split(/[\\/]/).includes('..')) refuse('".." segments are not allowed');

  const realRoot = await realpath(root);
  let real: string;
  try {
    real = await realpath(resolve(realRoot, requested));
  } catch (error) {
    throw new CairnError(
      'file_not_found',
      `No file or folder ${printable(requested)} under the server root`,
      {
        cause: error,
        details: { path: requested.slice(0, 200) },
      },
    );
  }
  const inside = relative(realRoot, real);
  if (inside.startsWith(`..${sep}`) || inside === '..' || isAbsolute(inside))
    refuse('it leads outside the server root (through a symbolic link)');
  const kind = await stat(real);
  if (!kind.isFile() && !kind.isDirectory()) {
    throw new CairnError(
      'file_unreadable',
      `${printable(requested)} under the server root is not a regular file`,
      { details: { path: requested.slice(0, 200) } },
    );
  }
  return resolve(root, requested);
}

function printable(path: string): string {
  return JSON.stringify(path.slice(0, 200));
}
