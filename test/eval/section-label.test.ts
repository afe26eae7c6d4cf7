import { describe, expect, test } from 'vitest';
import type { QuestionRun } from '../../src/eval/ask-gold-questions.js';
import { compareRankings } from '../../src/eval/compare-rankings.js';
import {
  citationOfHeadingPath,
  describeHeadingPath,
  isInSection,
  parseSectionLabel,
} from '../../src/eval/section-label.js';

/** Heading paths as the eCFR parser gives them (checked on chapter-VII.md: `cairn chunk --json`). */
const PART = [
  'CHAPTER VII—BUREAU OF INDUSTRY AND SECURITY, DEPARTMENT OF COMMERCE (CONTINUED)',
  'SUBCHAPTER C—EXPORT ADMINISTRATION REGULATIONS (CONTINUED)',
  'PART 748—APPLICATIONS (CLASSIFICATION, ADVISORY, AND LICENSE) AND DOCUMENTATION',
];
const SECTION = [...PART, '§ 748.3 Classification requests and advisory opinions.'];

describe('regulation citations', () => {
  test('a chunk reads its citation from the § title and the designators under it', () => {
    expect(citationOfHeadingPath([...SECTION, '(e)', '(3)', '(iii)'])).toEqual([
      '748.3',
      '(e)',
      '(3)',
      '(iii)',
    ]);
    expect(citationOfHeadingPath(SECTION)).toEqual(['748.3']);
    expect(citationOfHeadingPath(PART)).toBeNull();
    // italic designators as the export writes them, and a subpart between part and section
    expect(
      citationOfHeadingPath([...PART, 'Subpart A—General', '§ 791.2 Definitions.', '(a)', '(_1_)']),
    ).toEqual(['791.2', '(a)', '(1)']);
    expect(describeHeadingPath([...SECTION, '(e)', '(3)'])).toBe('15 CFR 748.3(e)(3)');
  });

  test('labels parse with or without 15 CFR and §', () => {
    for (const label of ['15 CFR 748.3(e)(3)', '§ 748.3(e)(3)', '748.3 (e)(3)']) {
      expect(parseSectionLabel(label)).toEqual({
        kind: 'citation',
        parts: ['748.3', '(e)', '(3)'],
      });
    }
  });

  test('inside when the label is a prefix at any level, and never across sections', () => {
    const chunk = [...SECTION, '(e)', '(3)', '(iii)'];
    for (const label of ['15 CFR 748.3', '15 CFR 748.3(e)', '15 CFR 748.3(e)(3)(iii)']) {
      expect(isInSection(parseSectionLabel(label), chunk)).toBe(true);
    }
    for (const label of [
      '15 CFR 748.3(e)(3)(iv)',
      '15 CFR 748.3(f)',
      '15 CFR 748.30',
      '15 CFR 748',
    ]) {
      expect(isInSection(parseSectionLabel(label), chunk)).toBe(false);
    }
    // the section's opening text is not inside one of its paragraphs
    expect(isInSection(parseSectionLabel('15 CFR 748.3(e)'), SECTION)).toBe(false);
  });
});

describe('heading paths', () => {
  test('inside when the chunk path starts with the label titles, compared as plain text', () => {
    const label = parseSectionLabel(
      'Defining Shared Behavior with Traits > Using Traits as Parameters',
    );
    const path = [
      'Defining Shared Behavior with Traits',
      'Using Traits as Parameters',
      'Trait Bound Syntax',
    ];
    expect(isInSection(label, path)).toBe(true);
    expect(isInSection(label, path.slice(0, 1))).toBe(false);
    expect(isInSection(label, ['Defining Shared Behavior with Traits', 'Defining a Trait'])).toBe(
      false,
    );
    expect(
      isInSection(parseSectionLabel('Traits > Multiple Trait Bounds with the `+`  Syntax'), [
        'Traits',
        'Multiple Trait Bounds with the + Syntax',
      ]),
    ).toBe(true);
  });
});

describe('compareRankings', () => {
  const run = (id: string, ...phrasings: string[][]): QuestionRun =>
    ({
      question: { id },
      phrasings: phrasings.map((ids, index) => ({
        index,
        text: '',
        hits: ids.map((snippet_id) => ({ snippet_id })),
      })),
    }) as unknown as QuestionRun;

  test('identical rankings give no difference; the first differing rank is reported per phrasing', () => {
    const a = [run('q1', ['x', 'y'], ['z']), run('q2', ['u', 'v'])];
    expect(compareRankings(a, a)).toEqual([]);
    const b = [run('q1', ['x', 'y'], ['z', 'w']), run('q2', ['v', 'u'])];
    expect(compareRankings(a, b)).toEqual([
      { id: 'q1', phrasing: 1, rank: 2, first: null, second: 'w' },
      { id: 'q2', phrasing: 0, rank: 1, first: 'u', second: 'v' },
    ]);
  });
});
