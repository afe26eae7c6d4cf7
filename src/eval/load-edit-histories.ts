import type { Dirent } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { basename, extname, join, resolve } from 'node:path';
import { CairnError } from '../errors.js';
import { SUPPORTED_EXTENSIONS } from '../load/detect-format.js';
import { fileError } from '../load/file-error.js';

/** One document's edit history: its revisions as files of one folder, oldest first. */
export interface EditHistory {
  /** The folder's name; it is the document's doc_uid in the replay. */
  name: string;
  dir: string;
  /** File names of the revisions, oldest first: by name, runs of digits by their value (2 before 10). */
  revisions: string[];
}

export interface LoadEditHistoriesOptions {
  /** Keep only the history of this name. */
  only?: string;
}

/**
 * The edit histories in `dir`: `dir` itself when it holds revision files
 * (files with a supported extension; one beside subfolders does not count,
 * it is a note on them), else each of its subfolders that holds revision
 * files. Hidden entries are skipped, and subfolders of a history are not
 * read.
 *
 * Throws `file_not_found` for a missing `dir`, `file_unreadable` for a path
 * that is not a folder, `invalid_option` for an `only` that names no
 * history, and `too_few_revisions` when there is no history, or a history
 * kept has fewer than two revisions: no pair to replay, so every figure
 * would be empty.
 */
export async function loadEditHistories(
  dir: string,
  options: LoadEditHistoriesOptions = {},
): Promise<EditHistory[]> {
  const info = await stat(dir).catch((cause: unknown) => {
    throw fileError(cause, dir, { missing: `No such folder: ${dir}` });
  });
  if (!info.isDirectory()) {
    throw new CairnError(
      'file_unreadable',
      `${dir} is not a folder: give a folder of revisions, or a folder of such folders`,
      { details: { source: dir } },
    );
  }
  const entries = await listVisible(dir);
  const files = revisionFiles(entries);
  const folders = entries
    .filter((entry) => entry.isDirectory)
    .map((entry) => entry.name)
    .sort();
  let histories: EditHistory[];
  // one file beside folders is a note on them (a README), not a history of one revision
  if (files.length > 1 || (files.length === 1 && folders.length === 0)) {
    histories = [{ name: basename(resolve(dir)), dir, revisions: files }];
  } else {
    const all = await Promise.all(
      folders.map(async (name) => ({
        name,
        dir: join(dir, name),
        revisions: revisionFiles(await listVisible(join(dir, name))),
      })),
    );
    // a folder without revision files beside histories (assets/, images/) is not one of them
    const some = all.filter((history) => history.revisions.length > 0);
    histories = some.length > 0 ? some : all;
  }
  if (histories.length === 0) {
    throw new CairnError(
      'too_few_revisions',
      `No revisions in ${dir}: it holds neither revision files (${SUPPORTED_EXTENSIONS.join(' ')}) nor folders`,
      { details: { source: dir } },
    );
  }
  if (options.only !== undefined) {
    const chosen = histories.filter((history) => history.name === options.only);
    if (chosen.length === 0) {
      throw new CairnError(
        'invalid_option',
        `--only ${options.only}: no such history in ${dir} (histories: ${histories.map((h) => h.name).join(', ')})`,
        { details: { source: dir } },
      );
    }
    histories = chosen;
  }
  for (const history of histories) {
    if (history.revisions.length < 2) {
      throw new CairnError(
        'too_few_revisions',
        `${history.dir} has ${history.revisions.length} revision file${history.revisions.length === 1 ? '' : 's'} (${SUPPORTED_EXTENSIONS.join(' ')}): a replay needs at least 2`,
        { details: { source: history.dir, revisions: history.revisions.length } },
      );
    }
  }
  return histories;
}

/** A folder entry, a symbolic link as what it points to. */
interface Entry {
  name: string;
  isFile: boolean;
  isDirectory: boolean;
}

async function listVisible(dir: string): Promise<Entry[]> {
  let entries: Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (cause) {
    throw new CairnError(
      'file_unreadable',
      `Cannot read ${dir}: ${(cause as NodeJS.ErrnoException).code ?? String(cause)}`,
      { cause, details: { source: dir } },
    );
  }
  // Links are followed: a history linked into a collection, or revisions linked into a
  // history, would otherwise be left out without a word. Only one level of folders is read,
  // so a link cannot make a loop. A link to nothing is kept as a file: its replay reports it.
  return Promise.all(
    entries
      .filter((entry) => !entry.name.startsWith('.'))
      .map(async (entry): Promise<Entry> => {
        if (!entry.isSymbolicLink()) {
          return { name: entry.name, isFile: entry.isFile(), isDirectory: entry.isDirectory() };
        }
        const target = await stat(join(dir, entry.name)).catch(() => null);
        return {
          name: entry.name,
          isFile: target === null || target.isFile(),
          isDirectory: target?.isDirectory() ?? false,
        };
      }),
  );
}

function revisionFiles(entries: readonly Entry[]): string[] {
  return entries
    .filter(
      (entry) => entry.isFile && SUPPORTED_EXTENSIONS.includes(extname(entry.name).toLowerCase()),
    )
    .map((entry) => entry.name)
    .sort(byNameAndNumber);
}

/**
 * Code unit order, except that runs of digits compare by value: revisions
 * named 1.md, 2.md, 10.md replay in that order (plain order put 10 before
 * 2), and zero-padded names keep theirs.
 */
export function byNameAndNumber(a: string, b: string): number {
  const runs = /\d+|\D+/g;
  const left = a.match(runs) ?? [];
  const right = b.match(runs) ?? [];
  for (let i = 0; i < Math.min(left.length, right.length); i++) {
    const [x, y] = [left[i]!, right[i]!];
    if (x === y) continue;
    if (/^\d/.test(x) && /^\d/.test(y)) {
      const byValue = BigInt(x) - BigInt(y);
      if (byValue !== 0n) return byValue < 0n ? -1 : 1;
    }
    return x < y ? -1 : 1;
  }
  return left.length - right.length || (a < b ? -1 : a > b ? 1 : 0);
}
