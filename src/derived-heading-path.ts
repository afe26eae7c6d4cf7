import type { Section } from './types.js';

/**
 * A section's heading path is, as the document builder makes it, its
 * parent's path and then its own title. Written out for every section, the
 * paths repeat each title in all its descendants (4.8 of the 11.9 million
 * characters of a 4 MB eCFR chapter's model JSON). Where a path is derived,
 * writers may leave it out and readers rebuild it.
 */
export function isDerivedHeadingPath(sections: readonly Section[], section: Section): boolean {
  const path = section.heading_path;
  if (section.parent === null) return path.length === 1 && path[0] === section.title;
  // Parents come first, so a reader rebuilding in order has the parent's path ready.
  if (section.parent >= section.index) return false;
  const parentPath = sections[section.parent]?.heading_path;
  if (parentPath === undefined) return false;
  return (
    path.length === parentPath.length + 1 &&
    path[parentPath.length] === section.title &&
    parentPath.every((title, i) => path[i] === title)
  );
}

/** The derived path of `section`, whose parent's path is already in place. */
export function derivedHeadingPath(sections: readonly Section[], section: Section): string[] {
  const parent = section.parent === null ? null : sections[section.parent]!;
  return parent ? [...parent.heading_path, section.title] : [section.title];
}
