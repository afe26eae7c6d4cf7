import { mkdirSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/**
 * `mkdir -p` that always ends: Node's own recursive mkdir never returns
 * for a folder under /proc (the kernel answers ENOENT for the child of a
 * folder that exists, and Node creates the parent again, forever). The
 * missing folders are made one at a time from the nearest one that exists,
 * so such a path fails with ENOENT; a file on the way fails with ENOTDIR.
 */
export function makeFolderSync(folder: string): void {
  const missing: string[] = [];
  // statSync throws for what is not missing but cannot be looked at (ENOTDIR past a file, EACCES)
  for (let at = resolve(folder); ; at = dirname(at)) {
    const info = statSync(at, { throwIfNoEntry: false });
    if (info?.isDirectory()) break;
    if (info !== undefined) {
      throw Object.assign(new Error(`ENOTDIR: not a directory, mkdir '${folder}'`), {
        code: 'ENOTDIR',
        path: at,
      });
    }
    missing.push(at);
  }
  for (const at of missing.reverse()) {
    try {
      mkdirSync(at);
    } catch (error) {
      // made meanwhile by another process: what counts is that it is a folder now
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || !statSync(at).isDirectory())
        throw error;
    }
  }
}
