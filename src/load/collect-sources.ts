import { readdir, realpath, stat } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import picomatch from 'picomatch';
import { CairnError } from '../errors.js';
import { SUPPORTED_EXTENSIONS } from './detect-format.js';
import { fileError } from './file-error.js';
import { compileExcludes, type IgnoreRule, isIgnored, readIgnoreFile } from './ignore-rules.js';
import { hasUndecodableName, undecodableNameError } from './undecodable-name.js';

export interface SourceFile {
  /** Absolute path. */
  path: string;
  /** What the store records: the path relative to the root (default: the working directory), with `/`. */
  source_url: string;
  /** A folder below an input that could not be listed: reported as a failed entry, not skipped unseen. */
  unreadable_folder?: CairnError;
}

export interface CollectOptions {
  cwd?: string;
  /**
   * What `source_url` is relative to (default `cwd`): the same folder
   * ingested from two working directories under one root gives the same
   * paths, and so the same doc_uids. A file outside it is `path_outside_root`.
   */
  root?: string;
  /**
   * A folder that symbolic links met in a walk must stay inside (real
   * paths compared); a link leading out of it is passed over. The server
   * sets its root: a folder a client names may hold a link to anywhere.
   */
  links_within?: string;
  /**
   * Gitignore-syntax patterns of files and folders to leave out, matched
   * against each path relative to the working directory and to the folder
   * walked (`*.json`, `pdf/files.json`, `drafts/`). Named files too.
   */
  exclude?: readonly string[];
  /** Read `.cairnignore` files in the folders walked (default true). */
  ignore_files?: boolean;
}

/** How a walk leaves paths out: the `--exclude` rules and whether to read `.cairnignore` files. */
interface WalkRules {
  exclude: ReturnType<typeof compileExcludes>;
  cwd: string;
  ignore_files: boolean;
}

const GLOB_MAGIC = /[*?[\]{}]/;
/** Folders a walk never enters: version control, dependencies, cairn's own data. */
const SKIPPED_DIRS = new Set(['node_modules', '.git', '.hg', '.svn', '.cairn']);

/**
 * The files named by paths, folders (walked, files of supported formats
 * only) and globs (for shells that leave them unexpanded), sorted and
 * without duplicates. A named file is taken whatever its extension, so
 * that an unsupported one is reported rather than silently dropped.
 * Throws `file_not_found` for a path, glob or folder that names no file
 * to read, `file_unreadable` for a named path that is not a regular file
 * or cannot be read. A folder found below an input that cannot be listed
 * comes back as an entry with `unreadable_folder`.
 */
export async function collectSources(
  inputs: readonly string[],
  options: CollectOptions = {},
): Promise<SourceFile[]> {
  const cwd = options.cwd ?? process.cwd();
  const root = options.root === undefined ? undefined : resolve(cwd, options.root);
  const sourceUrl = (path: string): string =>
    root === undefined ? toSourceUrl(path, cwd) : toRootedUrl(path, root);
  const within =
    options.links_within === undefined ? undefined : await realpath(options.links_within);
  const rules: WalkRules = {
    exclude: compileExcludes(options.exclude ?? []),
    cwd,
    ignore_files: options.ignore_files !== false,
  };
  const excluded = (path: string): boolean =>
    rules.exclude !== null && isIgnored([{ base: cwd, rules: rules.exclude }], path, false);
  const found = new Map<string, SourceFile>();
  const add = (path: string): void => {
    if (!found.has(path) && !excluded(path)) found.set(path, { path, source_url: sourceUrl(path) });
  };
  const addUnreadable = (unreadable: readonly UnreadableFolder[]): void => {
    for (const { path, code } of unreadable) {
      if (found.has(path)) continue;
      const source_url = sourceUrl(path);
      found.set(path, { path, source_url, unreadable_folder: folderUnreadable(source_url, code) });
    }
  };
  for (const input of inputs) {
    const before = found.size;
    if (GLOB_MAGIC.test(input) && !(await exists(resolve(cwd, input)))) {
      const pattern = toPosix(input);
      const matches = picomatch(pattern);
      // the folders before the first wildcard segment (`docs/**\/*.md` -> `docs`) are walked
      const base = picomatch.scan(pattern).base;
      const root = resolve(cwd, base === '' ? '.' : base);
      const unreadable: UnreadableFolder[] = [];
      const paths = await walk(root, unreadable, { links_within: within, rules });
      addUnreadable(unreadable);
      for (const path of paths) {
        const candidate = isAbsolute(input) ? toPosix(path) : toPosix(relative(cwd, path));
        if (matches(candidate)) add(path);
        // as the shell's expansion would: a folder the glob names is walked like a named folder
        else if (isSupported(path) && folderMatches(candidate, matches)) add(path);
      }
    } else {
      const path = resolve(cwd, input);
      const info = await stat(path).catch((cause: NodeJS.ErrnoException) => {
        // a symbolic link loop or a folder on the way without search permission is not a missing file
        if (cause.code !== 'ENOENT' && cause.code !== 'ENOTDIR') throw fileError(cause, input);
        return null;
      });
      if (info === null) {
        if (hasUndecodableName(path)) throw undecodableNameError(input);
        throw new CairnError('file_not_found', `No such file or folder: ${input}`, {
          details: { source: input },
        });
      }
      if (info.isDirectory()) {
        const unreadable: UnreadableFolder[] = [];
        const files = (await walk(path, unreadable, { links_within: within, rules })).filter(
          isSupported,
        );
        if (unreadable[0]?.path === path) throw folderUnreadable(input, unreadable[0].code);
        addUnreadable(unreadable);
        if (files.length === 0 && unreadable.length === 0) {
          throw new CairnError(
            'file_not_found',
            `No supported files under ${input} (none of the formats cairn reads, or all left out by --exclude or .cairnignore)`,
            { details: { source: input } },
          );
        }
        for (const file of files) add(file);
        continue;
      }
      // a FIFO or a device would block the reader (or never end): refused as the other commands do
      if (!info.isFile()) {
        throw new CairnError('file_unreadable', `${input} is not a regular file`, {
          details: { source: input },
        });
      }
      add(path);
    }
    if (found.size === before && GLOB_MAGIC.test(input)) {
      throw new CairnError('file_not_found', `No file matches ${input}`, {
        details: { source: input },
      });
    }
  }
  return [...found.values()].sort((a, b) =>
    a.source_url < b.source_url ? -1 : a.source_url > b.source_url ? 1 : 0,
  );
}

/** `toSourceUrl` for a path that must lie under `root`. */
function toRootedUrl(path: string, root: string): string {
  const rel = relative(root, path);
  if (rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel)) {
    throw new CairnError('path_outside_root', `${path} is outside the root ${root}`, {
      details: { source: path, root },
    });
  }
  return toSourceUrl(path, root);
}

export function toSourceUrl(path: string, cwd: string): string {
  const rel = relative(cwd, path);
  return toPosix(rel === '' ? path : rel);
}

function isSupported(path: string): boolean {
  const lower = path.toLowerCase();
  return SUPPORTED_EXTENSIONS.some((ext) => lower.endsWith(ext));
}

/**
 * The files of supported formats below a folder, as `cairn ingest` takes
 * them: hidden entries and the folders of `SKIPPED_DIRS` left out, symbolic
 * links followed (a folder reached twice is walked once). Paths are joined
 * onto `root` as given; unsorted. Folders that cannot be listed are pushed
 * onto `unreadable`.
 */
export async function walkSupportedFiles(
  root: string,
  unreadable: UnreadableFolder[] = [],
): Promise<string[]> {
  return (await walk(root, unreadable)).filter(isSupported);
}

/** A folder that cannot be listed, as `name` (its path as the caller shows it) and the errno `code`. */
export function folderUnreadable(name: string, code: string): CairnError {
  return new CairnError('file_unreadable', `Cannot read folder ${name}: ${code}`, {
    details: { source: name },
  });
}

export interface UnreadableFolder {
  path: string;
  /** The errno code, such as EACCES. */
  code: string;
}

/**
 * Files below `root`; folders that cannot be listed go to `unreadable` (one
 * gone meanwhile does not). A symbolic link counts as what it points to: a
 * folder of links to documents is a folder of documents. Folders are told
 * apart by their real path, so a link back up the tree is not walked again;
 * a link that points nowhere is passed over, like a file gone meanwhile.
 */
async function walk(
  root: string,
  unreadable: UnreadableFolder[] = [],
  options: { links_within?: string | undefined; rules?: WalkRules } = {},
): Promise<string[]> {
  const linksWithin = options.links_within;
  const out: string[] = [];
  const base: IgnoreRule[] =
    options.rules?.exclude == null
      ? []
      : [
          { base: options.rules.cwd, rules: options.rules.exclude },
          { base: root, rules: options.rules.exclude },
        ];
  const pending: { dir: string; chain: IgnoreRule[] }[] = [{ dir: root, chain: base }];
  const walked = new Set<string>();
  while (pending.length > 0) {
    const { dir, chain: above } = pending.pop()!;
    const real = await realpath(dir).catch(() => dir);
    if (walked.has(real)) continue;
    walked.add(real);
    const own = options.rules?.ignore_files === false ? null : await readIgnoreFile(dir);
    const chain = own === null ? above : [...above, own];
    const entries = await readdir(dir, { withFileTypes: true }).catch(
      (cause: NodeJS.ErrnoException) => {
        if (cause.code !== 'ENOENT')
          unreadable.push({ path: dir, code: cause.code ?? String(cause) });
        return [];
      },
    );
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue;
      const full = join(dir, entry.name);
      const kind = entry.isSymbolicLink()
        ? await linkKind(full, linksWithin)
        : entry.isDirectory()
          ? 'folder'
          : entry.isFile()
            ? 'file'
            : null;
      if (kind !== null && chain.length > 0 && isIgnored(chain, full, kind === 'folder')) continue;
      if (kind === 'folder') {
        if (!SKIPPED_DIRS.has(entry.name)) pending.push({ dir: full, chain });
      } else if (kind === 'file') {
        out.push(full);
      }
    }
  }
  return out;
}

/** What a symbolic link points to; null for nothing, something else, or a place outside `within`. */
async function linkKind(link: string, within?: string): Promise<'folder' | 'file' | null> {
  try {
    if (within !== undefined) {
      const inside = relative(within, await realpath(link));
      if (inside === '..' || inside.startsWith(`..${sep}`) || isAbsolute(inside)) return null;
    }
    const target = await stat(link);
    return target.isDirectory() ? 'folder' : target.isFile() ? 'file' : null;
  } catch {
    return null;
  }
}

/** Whether a folder above `path` (a `/`-separated path) matches the glob. */
function folderMatches(path: string, matches: (path: string) => boolean): boolean {
  const parts = path.split('/');
  for (let end = parts.length - 1; end > 0; end--) {
    if (matches(parts.slice(0, end).join('/'))) return true;
  }
  return false;
}

function toPosix(path: string): string {
  return sep === '/' ? path : path.split(sep).join('/');
}

async function exists(path: string): Promise<boolean> {
  return (await stat(path).catch(() => null)) !== null;
}
