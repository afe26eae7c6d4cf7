import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { defaultChunkerRegistry } from '../../src/chunk/chunker-registry.js';
import { verifyCitations } from '../../src/cite/verify-citations.js';
import { ingestSources } from '../../src/ingest/ingest-sources.js';
import { parseDocument, parseFile } from '../../src/parse/parse-document.js';
import { chunkSectionKey, documentKey, sectionKeys } from '../../src/parse/section-keys.js';
import { legibleSection } from '../../src/pipeline/legible-section.js';
import { search } from '../../src/search/search.js';
import { openStore } from '../../src/store/open-store.js';
import type { ChunkStore } from '../../src/store/types.js';
import { corpusFiles, corpusPath } from '../corpora.js';
import { tempDir } from '../support/temp-dir.js';

const CHUNKER = defaultChunkerRegistry().get('default');

/**
 * The citation pattern, widened for section numbers the CFR has:
 * a lettered part or section (`12 CFR 261a.1`, `16 CFR 3.31A`) and hyphenated parts (`10 CFR
 * 960.4-2-1`, `10 CFR 624.102-4`), cited as written.
 */
const CITATION = /^\d+ CFR \d+[A-Za-z]?\.\d+[A-Za-z]?(-\d+)*(\([0-9A-Za-z]+\))*$/;
/** A unit above sections: its part or subpart; the chapter or subchapter for chunks holding only their title lines (no part above them). */
const CONTAINER =
  /^\d+ CFR (Part \d+[A-Za-z]?( Subpart [A-Z0-9.]+)?\b|Parts \d+[A-Za-z]?-\d+[A-Za-z]?$|Chapter ([IVXLCDM]+|\d+)( Subchapter [A-Z]+)?$)/;

describe('legible section ids', () => {
  test('Markdown: a path of GitHub slugs, made unique within the document', async () => {
    const text =
      '# Guide\n\nIntro.\n\n## Examples\n\nOne.\n\n# API\n\n## Examples\n\nTwo.\n\n## Examples\n\nThree.\n\n### C++ & Rust: `ffi`!\n\nFour.\n';
    const doc = await parseDocument({
      bytes: new TextEncoder().encode(text),
      source_url: 'guide.md',
    });
    expect(sectionKeys(doc).map((k) => k.id)).toEqual([
      'guide',
      'guide/examples',
      'api',
      'api/examples-1',
      'api/examples-2',
      'api/examples-2/c--rust-ffi',
    ]);
    expect(sectionKeys(doc)[3]!.label).toBe('API > Examples');
  });

  test('eCFR: every chunk of the corpus is named by its citation, or by its part or subpart (chapter titles aside)', async () => {
    let chunks = 0;
    const counts = { citation: 0, container: 0 };
    const others: string[] = [];
    for (const file of corpusFiles('ecfr', ['.md'])) {
      const doc = await parseFile(file, {
        format: 'ecfr',
        source_url: file.slice(file.indexOf('ecfr/')),
      });
      const source = { ...doc, head: doc.canonical.slice(0, 512) };
      const keys = sectionKeys(source);
      const top = documentKey(source);
      for (const chunk of CHUNKER.chunk(doc)) {
        chunks++;
        const { id } = chunkSectionKey(
          'ecfr',
          keys,
          { section: chunk.section, page: chunk.page },
          top,
        );
        if (CITATION.test(id)) counts.citation++;
        else if (CONTAINER.test(id)) counts.container++;
        else others.push(`${file}: ${id}`);
      }
    }
    expect(others.slice(0, 20)).toEqual([]);
    console.log(
      `eCFR: ${chunks} chunks, ${counts.citation} named by a citation, ${counts.container} by a part, subpart or chapter`,
    );
    expect(chunks).toBeGreaterThan(200_000);
    // most chunks sit in a section or paragraph: a container is the exception
    expect(counts.citation / chunks).toBeGreaterThan(0.95);
  }, 900_000);
});

/**
 * Chunks of 15 CFR chapter VII under the default chunker, by seq, and the
 * citation read by hand from the chunk's text and the designators above it
 * in the file. Definitions sections (§ 772.1, § 791.2) are left out: their
 * numbered items sit under defined terms the parser does not make units,
 * so `15 CFR 772.1(3)(c)(1)` is the parser's tree, not a citation.
 */
const HAND_READ: Record<number, string> = {
  53: '15 CFR 746.1(b)(4)',
  106: '15 CFR 746.3(a)(4)(ii)',
  159: '15 CFR 746.6(c)(1)',
  212: '15 CFR 746.8(b)(1)',
  265: '15 CFR 748.1(d)(2)',
  311: '15 CFR 748.3(f)',
  318: '15 CFR 748.4(b)(1)',
  371: '15 CFR 748.8(o)',
  424: '15 CFR 748.10(c)(2)(v)',
  477: '15 CFR 748.13(a)(2)(i)',
  522: '15 CFR 748.15(f)(1)(i)(E)',
  530: '15 CFR 748.15(f)(1)(iv)',
  583: '15 CFR 750.4(b)(4)',
  636: '15 CFR 750.7(c)(1)(vi)',
  689: '15 CFR 750.10(a)',
  733: '15 CFR 754.3(b)(1)',
  742: '15 CFR 754.4(c)(2)(i)',
  795: '15 CFR 756.2(d)(1)',
  // the § ends with a paragraph (i) after (h)(2): a letter, not a roman numeral under (h)(2)
  848: '15 CFR 758.1(i)',
  901: '15 CFR 758.7(b)(1)(i)',
  944: '15 CFR 758.11(b)',
  954: '15 CFR 760.1(a)(3)',
  1007: '15 CFR 760.2(c)(1)(i)',
  1060: '15 CFR 760.3(b)(1)',
  1113: '15 CFR 760.3(e)(4)',
  // (i)(1) Any United States person..., then items (a) and (b) under (i)(1)(ii), then (2) to (8) of (i)
  1155: '15 CFR 760.3(i)(8)',
  1166: '15 CFR 760.5(a)(2)',
  1219: '15 CFR 762.2(a)(9)',
  1272: '15 CFR 762.2(b)(56)',
  1325: '15 CFR 762.4',
  1366: '15 CFR 764.2(g)(2)',
  // the second half of the long paragraph (a)(2), split by the chunker
  1378: '15 CFR 764.3(a)(2)',
  1431: '15 CFR 764.5(d)(7)',
  1484: '15 CFR 764.8(c)(4)',
  1537: '15 CFR 766.9(c)',
  1577: '15 CFR 766.17(c)',
  1590: '15 CFR 766.20(b)',
  1643: '15 CFR 766.25(c)',
  1696: '15 CFR 768.5(c)(1)',
  1749: '15 CFR 768.8(a)',
  1788: '15 CFR 770.2(k)(4)',
  1802: '15 CFR 770.2(k)(18)',
  1855: '15 CFR 770.3(c)(1)',
  // the subchapter's title lines alone
  2120: '15 CFR Chapter VII Subchapter D',
  2173: '15 CFR 782.5',
  2210: '15 CFR 783.2(b)(1)(v)',
  2226: '15 CFR 783.2(d)',
  2279: '15 CFR 784.3(b)(3)',
  2332: '15 CFR 785.3(a)',
  2385: '15 CFR 785.17(a)',
  2421: '15 CFR 791.1',
  2491: '15 CFR 791.4(a)(4)',
  2544: '15 CFR 791.102(d)',
  2597: '15 CFR 791.107(d)',
  2632: '15 CFR 791.200(a)(3)(i)',
};

describe('legible sections from a store (15 CFR chapter VII in SQLite)', () => {
  let store: ChunkStore;
  let dir: string;

  beforeAll(async () => {
    dir = tempDir('cairn-legible-');
    store = await openStore({ db: join(dir, 'cairn.db') });
    const summary = await ingestSources(store, [corpusPath('ecfr', 'title-15', 'chapter-VII.md')], {
      workers: 0,
      root: corpusPath(),
    });
    expect(summary.failed).toBe(0);
  }, 300_000);

  afterAll(async () => {
    await store?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test(`all ${Object.keys(HAND_READ).length} sampled chunks carry the citation read by hand`, async () => {
    expect(Object.keys(HAND_READ).length).toBeGreaterThanOrEqual(50);
    const document = (await store.listDocuments())[0]!;
    const chunks = await store.listChunks(document.current_version_id, CHUNKER.chunker_id);
    const got: Record<number, string> = {};
    for (const seq of Object.keys(HAND_READ).map(Number)) {
      got[seq] = (await legibleSection(store, chunks[seq]!)).section_id;
    }
    expect(got).toEqual(HAND_READ);
    // the chunk ID keeps its dot path
    expect(chunks[53]!.chunk_id).toContain(`s=`);
    expect(chunks[53]!.section_id).toMatch(/^\d+(\.\d+)+$/);
  });

  test('a hit carries the citation, its label and the ecfr.gov paragraph link; it verifies, and so does the dot path payloads carried before', async () => {
    const { hits } = await search(store, 'military end-user', { k: 3, trace_log: false });
    expect(hits.length).toBeGreaterThan(0);
    for (const hit of hits) {
      expect(hit.section_id).toMatch(CITATION);
      expect(hit.section_label).toContain('§');
      const designators = hit.section_id.replace(/^15 CFR /, '');
      const number = designators.replace(/\(.*$/, '');
      expect(hit.source_url).toBe(
        designators === number
          ? `https://www.ecfr.gov/current/title-15/section-${number}`
          : `https://www.ecfr.gov/current/title-15/section-${number}#p-${designators}`,
      );
    }
    const verified = await verifyCitations(store, hits, { allow_cross_section_reuse: true });
    expect(verified.citations.map((c) => c.reason)).toEqual(hits.map(() => null));

    const [chunk] = await store.findChunks(hits[0]!.snippet_id, CHUNKER.chunker_id);
    const old = {
      ...hits[0]!,
      section_id: chunk!.section_id!,
      source_url: 'ecfr/title-15/chapter-VII.md',
    };
    expect((await verifyCitations(store, [old])).citations[0]!.reason).toBeNull();
    const wrong = { ...hits[0]!, section_id: '15 CFR 746.99(a)' };
    expect((await verifyCitations(store, [wrong])).citations[0]!.reason).toBe('section_mismatch');
  });
});
