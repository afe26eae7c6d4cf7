import type { Signature } from './read-src-files.js';

/**
 * Past four, a reader can no longer tell the arguments of a call apart by
 * place (`splitRange(ctx, a, b, levels, push)`): the rest belong in an
 * options object or a context built once per document.
 */
export const MAX_POSITIONAL_PARAMETERS = 4;

/** One line for each function that takes more than the most positional parameters: file:line name count. */
export function tooManyParameters(signatures: readonly Signature[]): string[] {
  return signatures
    .filter((s) => s.parameters > MAX_POSITIONAL_PARAMETERS)
    .map((s) => `${s.file}:${s.line} ${s.name} ${s.parameters}`);
}
