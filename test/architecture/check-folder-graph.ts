import type { Comparison, ImportRef, SrcFile } from './read-src-files.js';

/** The pipeline, upstream first: a folder may import only the folders before it. */
export const PIPELINE_ORDER: readonly string[] = [
  'load',
  'parse',
  'chunk',
  'ids',
  'store',
  'embed',
  'pipeline',
  'ingest',
  'trace',
  'search',
  'cite',
  'prompt',
  'corpus',
  'eval',
  'adapters',
  'server',
  'mcp',
  'cli',
];

/**
 * Folders that build on the public API alone, as a user's program would:
 * each imports the barrel and its own files, and of packages only these.
 * The MCP server stays a client of the library, so that what it offers
 * MCP clients is what the library offers everyone.
 */
export const PUBLIC_API_FOLDERS: Readonly<Record<string, readonly RegExp[]>> = {
  mcp: [/^node:/, /^@modelcontextprotocol\/sdk\//, /^zod$/],
};

/** Packages that only one folder may import: the protocol SDK stays behind the MCP server. */
const PACKAGE_HOMES: readonly { pattern: RegExp; folder: string }[] = [
  { pattern: /^@modelcontextprotocol\/sdk(\/|$)/, folder: 'mcp' },
];

/** Files directly in src/ (types.ts, errors.ts, small shared helpers): below every folder. */
export const ROOT = '(root)';
/** src/index.ts, the public barrel: above every folder, so no file of src/ may import it. */
export const BARREL = '(barrel)';
const BARREL_PATH = 'src/index.ts';
/**
 * The subpath entries (`cairn/store`, `cairn/eval`, ...), each in the folder
 * whose stage it names: package.json's "exports" beside the barrel.
 */
export const SUBPATH_ENTRIES: readonly string[] = [
  'src/adapters/langchain/index.ts',
  'src/adapters/llamaindex/index.ts',
  'src/chunk/index.ts',
  'src/corpus/index.ts',
  'src/eval/index.ts',
  'src/server/index.ts',
  'src/store/index.ts',
];

/** What the store must not import: it persists, and chunking and ID planning sit above it. */
const STORE_MUST_NOT_IMPORT = ['chunk', 'ids', 'parse'];

/**
 * Code that asks which database it talks to. Outside the dialect folders a
 * capability flag answers instead, so that a third dialect touches only its
 * own folder. open-store.ts alone picks the driver from the URL's kind.
 */
const DATABASE_QUESTIONS: { pattern: RegExp; allowed: readonly string[] }[] = [
  { pattern: /dialect\s*[!=]==/, allowed: [] },
  { pattern: /\.name\s*[!=]==\s*'(sqlite|postgres)'/, allowed: [] },
  { pattern: /kind\s*[!=]==\s*'(sqlite|postgres)'/, allowed: ['src/store/open-store.ts'] },
];
const DIALECT_FOLDERS = ['src/store/sqlite/', 'src/store/postgres/'];

/** `store` for src/store/sqlite/x.ts, ROOT for src/types.ts, BARREL for src/index.ts. */
export function folderOf(path: string): string {
  if (path === BARREL_PATH) return BARREL;
  const parts = path.split('/');
  return parts.length === 2 ? ROOT : parts[1]!;
}

function rankOf(folder: string): number {
  if (folder === ROOT) return -1;
  if (folder === BARREL) return PIPELINE_ORDER.length;
  return PIPELINE_ORDER.indexOf(folder);
}

const isPlaced = (folder: string): boolean => folder === ROOT || rankOf(folder) >= 0;
const where = (ref: ImportRef): string => `${ref.file}:${ref.line} imports '${ref.specifier}'`;

/** One line for each folder of src/ that has no place in the pipeline order. */
export function unplacedFolders(files: readonly SrcFile[]): string[] {
  const counts = new Map<string, number>();
  for (const { path } of files) {
    const folder = folderOf(path);
    if (folder !== BARREL && !isPlaced(folder)) counts.set(folder, (counts.get(folder) ?? 0) + 1);
  }
  return [...counts].map(
    ([folder, n]) => `src/${folder}/ (${n} files) has no place in the pipeline order: place it`,
  );
}

/** The imports from one folder into another, the barrel's own aside (it re-exports everything). */
export function folderEdges(imports: readonly ImportRef[]): ImportRef[] {
  return imports.filter(
    (ref) =>
      ref.file !== BARREL_PATH &&
      ref.target.startsWith('src/') &&
      folderOf(ref.file) !== folderOf(ref.target),
  );
}

/** One line for each import that runs against the pipeline. */
export function backEdges(edges: readonly ImportRef[]): string[] {
  const out: string[] = [];
  for (const ref of edges) {
    const from = folderOf(ref.file);
    const to = folderOf(ref.target);
    if (to === BARREL) {
      if (!Object.hasOwn(PUBLIC_API_FOLDERS, from))
        out.push(`${where(ref)}: the public barrel sits above every folder`);
    } else if (from === ROOT) out.push(`${where(ref)}: a file directly in src/ imports no folder`);
    else if (!isPlaced(from) || !isPlaced(to)) continue;
    else if (rankOf(to) > rankOf(from))
      out.push(`${where(ref)}: ${from} may not import ${to}, which comes after it in the pipeline`);
  }
  return out;
}

/**
 * One line for each import by a public-API folder of anything but the
 * barrel, a subpath entry, its own files and its packages (`imports` of
 * every kind: `allImports`).
 */
export function publicApiOverreach(imports: readonly ImportRef[]): string[] {
  const out: string[] = [];
  for (const ref of imports) {
    const folder = folderOf(ref.file);
    const packages = PUBLIC_API_FOLDERS[folder];
    if (packages === undefined) continue;
    const relative = ref.target.startsWith('src/');
    const isPublic = ref.target === BARREL_PATH || SUBPATH_ENTRIES.includes(ref.target);
    if (relative && (isPublic || folderOf(ref.target) === folder)) continue;
    if (!relative && packages.some((pattern) => pattern.test(ref.specifier))) continue;
    out.push(
      `${where(ref)}: src/${folder}/ imports only the public API ('../index.js' and the subpath entries) and its own packages`,
    );
  }
  return out;
}

/** One line for each import of a package outside the one folder that may import it. */
export function packagesOutsideHome(imports: readonly ImportRef[]): string[] {
  return imports.flatMap((ref) =>
    PACKAGE_HOMES.filter(
      ({ pattern, folder }) => pattern.test(ref.specifier) && folderOf(ref.file) !== folder,
    ).map(({ folder }) => `${where(ref)}: only src/${folder}/ imports this package`),
  );
}

/** One line for each import of chunking, IDs or parsing by the store. */
export function storeOverreach(edges: readonly ImportRef[]): string[] {
  return edges
    .filter((ref) => folderOf(ref.file) === 'store')
    .filter((ref) => STORE_MUST_NOT_IMPORT.includes(folderOf(ref.target)))
    .map((ref) => `${where(ref)}: the store persists only; it imports no chunk, ids or parse`);
}

/**
 * One entry for each set of folders that import each other round in a
 * circle (a strongly connected component of the folder graph), listing
 * every edge inside it with the files that make it.
 */
export function folderCycles(edges: readonly ImportRef[]): string[] {
  const graph = new Map<string, Map<string, ImportRef[]>>();
  for (const ref of edges) {
    const from = folderOf(ref.file);
    const to = folderOf(ref.target);
    if (!graph.has(to)) graph.set(to, new Map());
    const out = graph.get(from) ?? new Map<string, ImportRef[]>();
    graph.set(from, out);
    out.set(to, [...(out.get(to) ?? []), ref]);
  }
  return stronglyConnected([...graph.keys()].sort(), (n) => [...(graph.get(n)?.keys() ?? [])])
    .filter((component) => component.length > 1)
    .map((component) => {
      const members = [...component].sort();
      const lines = members.flatMap((from) =>
        [...(graph.get(from) ?? [])]
          .filter(([to]) => members.includes(to))
          .map(([to, refs]) => {
            const files = refs.map((r) => `${r.file}:${r.line} ('${r.specifier}')`);
            return `  ${from} -> ${to}: ${files.join(', ')}`;
          }),
      );
      return [`cycle among ${members.join(', ')}:`, ...lines].join('\n');
    });
}

/** Tarjan's strongly connected components: a graph of about fifteen folders recurses shallowly. */
function stronglyConnected(nodes: string[], next: (node: string) => string[]): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  const connect = (node: string): void => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const to of next(node)) {
      if (!index.has(to)) {
        connect(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node)!, index.get(to)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    out.push(component);
  };
  for (const node of nodes) if (!index.has(node)) connect(node);
  return out;
}

/** One line for each comparison outside the dialect folders that asks which database it is. */
export function databaseQuestions(comparisons: readonly Comparison[]): string[] {
  return comparisons
    .filter((c) => !DIALECT_FOLDERS.some((folder) => c.file.startsWith(folder)))
    .filter((c) =>
      DATABASE_QUESTIONS.some(
        ({ pattern, allowed }) =>
          !allowed.includes(c.file) && (pattern.test(c.text) || pattern.test(c.swapped)),
      ),
    )
    .map((c) => `${c.file}:${c.line} asks which database it is: ${c.text}`);
}
