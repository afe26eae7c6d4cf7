import type { Signature } from './read-src-files.js';

/**
 * Past four, a reader can no longer tell the arguments of a call apart by
 * place (`f(text, 0, n, 5, true)`): the rest belong in an options object, or
 * in a context built once per document where the call sits in a hot loop.
 */
export const MAX_POSITIONAL_PARAMETERS = 4;

/** One line for each function that takes more than the most positional parameters: file:line name count. */
export function tooManyParameters(signatures: readonly Signature[]): string[] {
  return signatures
    .filter((s) => s.parameters > MAX_POSITIONAL_PARAMETERS)
    .map((s) => `${s.file}:${s.line} ${s.name} ${s.parameters}`);
}
