/** How canonical ids nest: the facts the parent_id rules are built on. */

/** Splits a canonical doc_id into its section_id and chunk suffix (without `#`). */
export function splitDocId(docId: string): { section_id: string; suffix: string | null } {
  const hashAt = docId.indexOf('#');
  return hashAt < 0
    ? { section_id: docId, suffix: null }
    : { section_id: docId.slice(0, hashAt), suffix: docId.slice(hashAt + 1) };
}

/**
 * The id of the immediate container of a canonical section_id: the last
 * designator dropped (`EAR-736.2(b)(1)` -> `EAR-736.2(b)`), else the last dot
 * segment (`EAR-736.2` -> `EAR-736`, the part), else null (a part has no
 * container in the contract's id space).
 */
export function containerOfEarId(sectionId: string): string | null {
  if (sectionId.endsWith(')')) return sectionId.slice(0, sectionId.lastIndexOf('('));
  const dot = sectionId.lastIndexOf('.');
  return dot < 0 ? null : sectionId.slice(0, dot);
}

/** Number of paragraph designators in a canonical section_id: 0 for `EAR-736.2`, 2 for `EAR-736.2(b)(1)`. */
export function designatorDepth(sectionId: string): number {
  let depth = 0;
  for (const char of sectionId) if (char === '(') depth++;
  return depth;
}
