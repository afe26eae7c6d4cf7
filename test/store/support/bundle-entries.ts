import { mkdirSync, rmSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { isAbsolute, join, resolve } from 'node:path';
import { rolldown } from 'rolldown';

export interface Bundle {
  dir: string;
  /** Path of the bundled entry `name`. */
  file(name: string): string;
  dispose(): void;
}

const BUILTINS = new Set([...builtinModules, ...builtinModules.map((m) => `node:${m}`)]);

/**
 * Child-process tests need the TypeScript sources as JavaScript that plain
 * node runs, worker thread entry included. Bundling the entries with
 * rolldown (vite's bundler, already installed for vitest) takes a second and
 * does not depend on `npm run build` having run. Packages stay external and
 * resolve from the project's node_modules.
 */
export async function bundleEntries(entries: Record<string, string>): Promise<Bundle> {
  const root = resolve(import.meta.dirname, '../../..');
  const dir = join(
    root,
    'node_modules',
    '.cache',
    'cairn-tests',
    `${process.pid}-${Math.random().toString(36).slice(2)}`,
  );
  mkdirSync(dir, { recursive: true });
  const build = await rolldown({
    input: Object.fromEntries(
      Object.entries(entries).map(([name, path]) => [name, resolve(root, path)]),
    ),
    platform: 'node',
    external: (id) => BUILTINS.has(id) || !(id.startsWith('.') || isAbsolute(id)),
    resolve: { extensionAlias: { '.js': ['.ts', '.js'] } },
    logLevel: 'silent',
  });
  await build.write({
    dir,
    format: 'esm',
    entryFileNames: '[name].js',
    chunkFileNames: '[name]-[hash].js',
  });
  await build.close();
  return {
    dir,
    file: (name) => join(dir, `${name}.js`),
    dispose: () => rmSync(dir, { recursive: true, force: true }),
  };
}
