import GithubSlugger from 'github-slugger';
import { type CairnDocument, NO_SECTION_ID, type Section } from '../types.js';

/**
 * A section as a person cites it. `id` is what payloads carry as
 * `section_id` (the chunk ID's `s=` keeps the dot path): for eCFR the
 * citation of the innermost unit (`15 CFR 736.2(b)(1)`, `15 CFR Part 736`,
 * `15 CFR Part 736 Subpart A`); for headed formats the path of
 * GitHub-style heading slugs, unique within the document, joined by `/`.
 * `label` is the heading titles from the top down; `url` the ecfr.gov page
 * and paragraph anchor of an eCFR unit, else null.
 */
export interface SectionKey {
  id: string;
  label: string;
  url: string | null;
}

export type SectionKeySource = Pick<CairnDocument, 'format' | 'sections' | 'source_url'> & {
  /** The first few hundred characters of the canonical text: an eCFR export names its title there. */
  head?: string;
};

/**
 * The key of text before any section: for an eCFR export, its chapter as
 * the front matter names it (`15 CFR Chapter VII`); else none.
 */
export function documentKey(doc: SectionKeySource): SectionKey | null {
  if (doc.format !== 'ecfr') return null;
  const title = cfrTitleOf(doc.head ?? '', doc.source_url);
  const chapter = /^chapter:\s*([IVXLCDM]+|\d+)\s*$/m.exec(doc.head ?? '');
  if (title === null || chapter === null) return null;
  return { id: `${title} CFR Chapter ${chapter[1]}`, label: `Chapter ${chapter[1]}`, url: null };
}

/** One key per section, in `sections` order. */
export function sectionKeys(doc: SectionKeySource): SectionKey[] {
  if (doc.format === 'ecfr')
    return ecfrKeys(doc.sections, cfrTitleOf(doc.head ?? '', doc.source_url));
  const slugger = new GithubSlugger();
  const keys: SectionKey[] = [];
  for (const section of doc.sections) {
    const slug = slugger.slug(section.title) || `section-${section.sect_path}`;
    const parent = section.parent === null ? null : keys[section.parent]!;
    keys.push({ id: parent ? `${parent.id}/${slug}` : slug, label: labelOf(section), url: null });
  }
  return keys;
}

function labelOf(section: Section): string {
  return section.heading_path.join(' > ');
}

/** The CFR title number: the export's `title_number:` front matter, else a `title-15` folder in the path. */
export function cfrTitleOf(head: string, sourceUrl: string): string | null {
  const front = /^title_number:\s*(\d+)\s*$/m.exec(head);
  if (front) return front[1]!;
  const folder = /(?:^|[/\\])title-(\d+)(?:[/\\]|$)/i.exec(sourceUrl);
  return folder ? folder[1]! : null;
}

const SECTION_NUMBER = /^§+\s*(\d+[A-Za-z]?\.\d+[A-Za-z0-9-]*)/;
/** One paragraph designator, `(b)`, `(1)`, `(iv)`, `(A)`; italics as the export writes them are dropped first. */
const ONE_DESIGNATOR = /^\([0-9A-Za-z]+\)$/;
const ITALIC_MARKS = /<\/?i>|[_*\s]/g;
const PART = /^PART\s+(\d+[A-Za-z]?)\b/i;
/** `PARTS 775-780 [RESERVED]`. */
const PARTS = /^PARTS\s+(\d+[A-Za-z]?\s*[-–]\s*\d+[A-Za-z]?)/i;
const SUBPART = /^Subparts?\s+([A-Z0-9]{1,4}(?:\.\d{1,4})?)/;
const CHAPTER = /^CHAPTER\s+([IVXLCDM]+|\d+)\b/i;
const SUBCHAPTER = /^SUBCHAPTER\s+([A-Z]{1,3})\b/i;

interface CfrUnit {
  key: SectionKey;
  /** The section's number (`746.1`) and its designators so far, when the unit is a section or paragraph. */
  cite: { number: string; paragraphs: string } | null;
  /** The part's ecfr.gov URL path (`part-746`), for subparts below it. */
  part: string | null;
}

function ecfrKeys(sections: readonly Section[], title: string | null): SectionKey[] {
  const prefix = title === null ? '' : `${title} CFR `;
  const base = title === null ? null : `https://www.ecfr.gov/current/title-${title}`;
  const units: CfrUnit[] = [];
  for (const section of sections) {
    const parent = section.parent === null ? null : units[section.parent]!;
    const label = labelOf(section);
    const designator = section.designator?.trim() ?? '';
    const heading = section.title.trim();
    const number = SECTION_NUMBER.exec(designator) ?? SECTION_NUMBER.exec(heading);
    let unit: CfrUnit;
    if (parent && (designator.startsWith('§§') || heading.startsWith('§§'))) {
      // a range of sections, `§§ 71.24-71.25 [Reserved]`, is no unit of its own
      unit = { ...parent, key: { ...parent.key, label } };
    } else if (number) {
      const n = number[1]!;
      unit = {
        key: { id: `${prefix}${n}`, label, url: base && `${base}/section-${n}` },
        cite: { number: n, paragraphs: '' },
        part: parent?.part ?? null,
      };
    } else if (designator.startsWith('(') && parent?.cite) {
      const written = designator.replace(ITALIC_MARKS, '');
      if (ONE_DESIGNATOR.test(written)) {
        const { number: n, paragraphs } = parent.cite;
        const cite = { number: n, paragraphs: `${paragraphs}${written}` };
        unit = {
          key: {
            id: `${prefix}${n}${cite.paragraphs}`,
            label,
            url: base && `${base}/section-${n}#p-${n}${cite.paragraphs}`,
          },
          cite,
          part: parent.part,
        };
      } else {
        // a range, `(5)-(6) [Reserved]`, is no unit of its own: cited as the unit holding it
        unit = { ...parent, key: { ...parent.key, label } };
      }
    } else {
      unit = structuralUnit(heading, parent, { prefix, base, label });
    }
    units.push(unit);
  }
  return units.map((u) => u.key);
}

/** A chapter, subchapter, part, subpart, or another titled unit (an appendix, a supplement) named after its container. */
function structuralUnit(
  heading: string,
  parent: CfrUnit | null,
  at: { prefix: string; base: string | null; label: string },
): CfrUnit {
  const { prefix, base, label } = at;
  const part = PART.exec(heading);
  if (part) {
    const path = `part-${part[1]}`;
    return {
      key: { id: `${prefix}Part ${part[1]}`, label, url: base && `${base}/${path}` },
      cite: null,
      part: path,
    };
  }
  const parts = PARTS.exec(heading);
  if (parts) {
    const range = parts[1]!.replace(/\s+/g, '').replace('–', '-');
    return { key: { id: `${prefix}Parts ${range}`, label, url: null }, cite: null, part: null };
  }
  const subpart = SUBPART.exec(heading);
  if (subpart && parent?.part) {
    return {
      key: {
        id: `${parent.key.id} Subpart ${subpart[1]}`,
        label,
        url: base && `${base}/${parent.part}/subpart-${subpart[1]}`,
      },
      cite: null,
      part: parent.part,
    };
  }
  const chapter = CHAPTER.exec(heading);
  if (chapter) {
    return {
      key: { id: `${prefix}Chapter ${chapter[1]}`, label, url: null },
      cite: null,
      part: null,
    };
  }
  const subchapter = SUBCHAPTER.exec(heading);
  if (subchapter && parent) {
    return {
      key: { id: `${parent.key.id} Subchapter ${subchapter[1]}`, label, url: null },
      cite: null,
      part: null,
    };
  }
  // `Supplement No. 1 to Part 746—...`: the title before its dash, after its container's citation
  const name = heading.split(/—| - /)[0]!.trim().replace(/\.$/, '');
  return {
    key: {
      id: parent ? `${parent.key.id}, ${name}` : `${prefix}${name}`,
      label,
      url: parent?.key.url ?? null,
    },
    cite: null,
    part: parent?.part ?? null,
  };
}

/** Where a chunk sits, as its stored row says. */
export interface ChunkPlace {
  /** Index into the sections of the chunk's innermost section; null before any heading. */
  section: number | null;
  page: number | null;
  /** Notebook cell of the chunk's first block. */
  cell?: number | null;
  /** JSON string node pointer; `''` for none. */
  json_pointer?: string;
}

/**
 * The chunk's legible section: its section's key; else, before any heading,
 * the page of a PDF (`p.014`), the cell of a notebook (`cell-12`), `top`
 * (an eCFR export's chapter); for JSON the record's pointer; else `-` (the
 * no-heading section).
 */
export function chunkSectionKey(
  format: CairnDocument['format'],
  keys: readonly SectionKey[],
  place: ChunkPlace,
  top: SectionKey | null = null,
): SectionKey {
  if (format === 'json' && place.json_pointer) {
    return { id: place.json_pointer, label: place.json_pointer, url: null };
  }
  if (place.section !== null && keys[place.section]) return keys[place.section]!;
  if (format === 'pdf' && place.page !== null) {
    return {
      id: `p.${String(place.page).padStart(3, '0')}`,
      label: `page ${place.page}`,
      url: null,
    };
  }
  if (format === 'ipynb' && place.cell !== undefined && place.cell !== null) {
    return { id: `cell-${place.cell}`, label: `cell ${place.cell}`, url: null };
  }
  return top ?? { id: NO_SECTION_ID, label: '', url: null };
}
