import { join } from 'node:path';

/** The registry's default chunker (structure, default settings) from the built package. */
export async function loadDefaultChunker(root) {
  const { defaultChunkerRegistry } = await import(join(root, 'dist/chunk/chunker-registry.js'));
  return defaultChunkerRegistry().get('default');
}
