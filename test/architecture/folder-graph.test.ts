import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  backEdges,
  databaseQuestions,
  folderCycles,
  folderEdges,
  packagesOutsideHome,
  publicApiOverreach,
  storeOverreach,
  unplacedFolders,
} from './check-folder-graph.js';
import {
  allImports,
  type ImportRef,
  readSrcFiles,
  relativeImports,
  type SrcFile,
  strictComparisons,
} from './read-src-files.js';

/**
 * Data flows one way through cairn (DESIGN.md): load -> parse -> chunk ->
 * ids -> store -> embed -> pipeline -> ingest -> trace -> search -> cite -> corpus ->
 * eval -> adapters -> server -> mcp -> cli. A folder imports only the folders
 * before it, so each stage can be read, tested and changed knowing only
 * what comes before it, and no cycle can form. Each check lists every
 * offence, file, line and import, so that one run shows all there is to mend.
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

function graphOf(files: readonly SrcFile[]): ImportRef[] {
  return folderEdges(files.flatMap(relativeImports));
}

describe('the folder graph of src/', () => {
  const files = readSrcFiles(ROOT);
  const edges = graphOf(files);

  it('reads the tree: files in every stage, and imports between them', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(edges.length).toBeGreaterThan(100);
  });

  it('places every folder in the pipeline order', () => {
    expect(unplacedFolders(files)).toEqual([]);
  });

  it('has no import against the pipeline: a folder imports only folders before it', () => {
    expect(backEdges(edges)).toEqual([]);
  });

  it('has no cycle among folders', () => {
    expect(folderCycles(edges)).toEqual([]);
  });

  it('keeps the store to persistence: it imports no chunk, ids or parse', () => {
    expect(storeOverreach(edges)).toEqual([]);
  });

  it('asks which database it is only inside store/sqlite and store/postgres', () => {
    expect(databaseQuestions(files.flatMap(strictComparisons))).toEqual([]);
  });

  it("keeps src/mcp a client of the public API: '../index.js' and the subpath entries, its own files, the SDK, zod, node", () => {
    const mcp = files.filter((f) => f.path.startsWith('src/mcp/'));
    expect(mcp.length).toBeGreaterThan(5);
    expect(mcp.flatMap(allImports).some((ref) => ref.specifier === '../index.js')).toBe(true);
    expect(publicApiOverreach(files.flatMap(allImports))).toEqual([]);
  });

  it('imports the MCP SDK nowhere but src/mcp', () => {
    expect(packagesOutsideHome(files.flatMap(allImports))).toEqual([]);
  });
});

/** The checks over a made-up tree, so that a clean run above means a clean tree, not a blind check. */
describe('the folder graph checks themselves', () => {
  const tree = (files: Record<string, string>): SrcFile[] =>
    Object.entries(files).map(([path, text]) => ({ path, text }));

  it('reads imports, re-exports, dynamic and type imports and worker URLs, not packages', () => {
    const [file] = tree({
      'src/cli/x.ts': [
        "import { a } from '../load/a.js';",
        "import type { B } from '../store/b.js';",
        "export { c } from './c.js';",
        "import { readFileSync } from 'node:fs';",
        "const d = await import('../search/d.js');",
        "type E = import('../types.js').E;",
        "const w = new URL('./worker.js', import.meta.url);",
        "// import { f } from '../server/f.js';",
      ].join('\n'),
    });
    expect(relativeImports(file!).map((r) => [r.line, r.target])).toEqual([
      [1, 'src/load/a.ts'],
      [2, 'src/store/b.ts'],
      [3, 'src/cli/c.ts'],
      [5, 'src/search/d.ts'],
      [6, 'src/types.ts'],
      [7, 'src/cli/worker.ts'],
    ]);
  });

  it('lets a folder import one before it, and calls one after it a back edge', () => {
    const edges = graphOf(
      tree({
        'src/search/x.ts': "import type { T } from '../store/types.js';",
        'src/store/x.ts': "import { y } from '../ids/y.js';",
        'src/store/sqlite/z.ts': "import { z } from '../../search/z.js';",
      }),
    );
    expect(backEdges(edges)).toEqual([
      "src/store/sqlite/z.ts:1 imports '../../search/z.js': store may not import search, which comes after it in the pipeline",
    ]);
    expect(storeOverreach(edges)).toEqual([
      "src/store/x.ts:1 imports '../ids/y.js': the store persists only; it imports no chunk, ids or parse",
    ]);
  });

  it('keeps root files below every folder and the barrel above them all', () => {
    const files = tree({
      'src/index.ts': "export * from './cli/main.js';",
      'src/types.ts': "import { x } from './load/x.js';\nimport { e } from './errors.js';",
      'src/load/x.ts': "import { e } from '../errors.js';\nimport * as all from '../index.js';",
    });
    expect(backEdges(graphOf(files))).toEqual([
      "src/types.ts:1 imports './load/x.js': a file directly in src/ imports no folder",
      "src/load/x.ts:2 imports '../index.js': the public barrel sits above every folder",
    ]);
  });

  it('names an unplaced folder, and every edge of a cycle with its files', () => {
    const files = tree({
      'src/widgets/w.ts': "import { a } from '../load/a.js';",
      'src/search/s.ts': "import { c } from '../cite/c.js';",
      'src/cite/c.ts': "import { s } from '../search/s.js';",
    });
    expect(unplacedFolders(files)).toEqual([
      'src/widgets/ (1 files) has no place in the pipeline order: place it',
    ]);
    expect(folderCycles(graphOf(files))).toEqual([
      [
        'cycle among cite, search:',
        "  cite -> search: src/cite/c.ts:1 ('../search/s.js')",
        "  search -> cite: src/search/s.ts:1 ('../cite/c.js')",
      ].join('\n'),
    ]);
  });

  it('lets src/mcp import the barrel, the subpath entries, its own files and its packages, and nothing else', () => {
    const imports = tree({
      'src/mcp/a.ts': [
        "import { search } from '../index.js';",
        "import { createApp } from '../server/index.js';",
        "import { b } from './b.js';",
        "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
        "import { z } from 'zod';",
        "import { createServer } from 'node:http';",
        "import { search as s } from '../search/search.js';",
        "import { Hono } from 'hono';",
      ].join('\n'),
      'src/server/x.ts': "import { Server } from '@modelcontextprotocol/sdk/server/index.js';",
      'src/cli/y.ts': "import { run } from '../mcp/a.js';",
    }).flatMap(allImports);
    expect(publicApiOverreach(imports)).toEqual([
      "src/mcp/a.ts:7 imports '../search/search.js': src/mcp/ imports only the public API ('../index.js' and the subpath entries) and its own packages",
      "src/mcp/a.ts:8 imports 'hono': src/mcp/ imports only the public API ('../index.js' and the subpath entries) and its own packages",
    ]);
    expect(packagesOutsideHome(imports)).toEqual([
      "src/server/x.ts:1 imports '@modelcontextprotocol/sdk/server/index.js': only src/mcp/ imports this package",
    ]);
    expect(backEdges(folderEdges(imports.filter((r) => r.target.startsWith('src/'))))).toEqual([]);
  });

  it('finds database questions in code outside the dialect folders, not in comments', () => {
    const files = tree({
      'src/search/s.ts': [
        "if (store.dialect === 'sqlite') run();",
        "const pg = 'postgres' === driver.name;",
        "// no dialect === 'sqlite' here",
      ].join('\n'),
      'src/store/open-store.ts': "if (url.kind === 'sqlite') open();",
      'src/store/check.ts': "if (url.kind !== 'postgres') open();",
      'src/store/sqlite/x.ts': "if (dialect === 'sqlite') ok();",
    });
    expect(databaseQuestions(files.flatMap(strictComparisons))).toEqual([
      "src/search/s.ts:1 asks which database it is: store.dialect === 'sqlite'",
      "src/search/s.ts:2 asks which database it is: 'postgres' === driver.name",
      "src/store/check.ts:1 asks which database it is: url.kind !== 'postgres'",
    ]);
  });
});
