import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

let cached: string | null = null;

/**
 * The folder holding cairn's package.json, and with it `schemas/` and
 * `viewer/`: found by walking up from this module, so it holds from
 * `src/` (tests), `dist/` (the package) and a bundle alike.
 */
export function packageRoot(): string {
  if (cached !== null) return cached;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).name === 'cairn') {
      cached = dir;
      return dir;
    }
    const parent = dirname(dir);
    if (parent === dir)
      throw new Error('cairn: cannot find its own package.json above this module');
    dir = parent;
  }
}
