/**
 * A copy of `piece` that does not keep alive the string it was cut from.
 * V8 makes a substring a view into its parent, so a cache keyed by pieces of
 * a document holds the whole document for as long as one key stays: the
 * token caches held the text of every file a corpus run had read (90 MB of
 * the eCFR). The concatenation is flattened into a string of its own before
 * the slice, which then points into that.
 */
export function detached(piece: string): string {
  return ` ${piece}`.slice(1);
}
