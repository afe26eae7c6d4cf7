import { readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** `../shared/corpora` beside the project root, where CI puts it. */
export const CORPORA = resolve(process.cwd(), '../shared/corpora');

export function corpusPath(...parts: string[]): string {
  return join(CORPORA, ...parts);
}

/** Every file below `dir` (recursively) whose name ends with one of `extensions`, sorted. */
export function corpusFiles(dir: string, extensions: string[]): string[] {
  const out: string[] = [];
  const walk = (path: string): void => {
    for (const name of readdirSync(path).sort()) {
      const full = join(path, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (extensions.some((ext) => name.toLowerCase().endsWith(ext))) out.push(full);
    }
  };
  walk(corpusPath(dir));
  return out;
}
