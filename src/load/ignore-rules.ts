import { readFile } from 'node:fs/promises';
import { isAbsolute, join, relative, sep } from 'node:path';
import ignore, { type Ignore } from 'ignore';
import { CairnError } from '../errors.js';

/** The file whose gitignore-syntax lines leave paths below its folder out of an ingest walk. */
export const IGNORE_FILE = '.cairnignore';

/** Rules and the folder their patterns are relative to. */
export interface IgnoreRule {
  base: string;
  rules: Ignore;
}

/** `--exclude` patterns (gitignore syntax) as rules; `invalid_option` for a pattern the library refuses. */
export function compileExcludes(patterns: readonly string[]): Ignore | null {
  if (patterns.length === 0) return null;
  try {
    return ignore().add([...patterns]);
  } catch (cause) {
    throw new CairnError('invalid_option', `--exclude: ${(cause as Error).message}`, {
      cause,
      details: { patterns: [...patterns] },
    });
  }
}

/** The rules of a folder's `.cairnignore`, or null when it has none (or it cannot be read). */
export async function readIgnoreFile(dir: string): Promise<IgnoreRule | null> {
  const text = await readFile(join(dir, IGNORE_FILE), 'utf8').catch(() => null);
  if (text === null) return null;
  return { base: dir, rules: ignore().add(text) };
}

/**
 * Whether the rules, outermost first, leave `path` out: as in git, a later
 * (deeper) rule that re-includes a path (`!pattern`) wins over an earlier one.
 * Rules whose folder does not hold the path say nothing about it.
 */
export function isIgnored(chain: readonly IgnoreRule[], path: string, isFolder: boolean): boolean {
  let ignored = false;
  for (const { base, rules } of chain) {
    const rel = relative(base, path);
    if (rel === '' || rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel)) continue;
    const posix = sep === '/' ? rel : rel.split(sep).join('/');
    const result = rules.test(isFolder ? `${posix}/` : posix);
    if (result.ignored) ignored = true;
    else if (result.unignored) ignored = false;
  }
  return ignored;
}
