import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sha1Hex } from '../../src/load/hash.js';
import { normalizeText } from '../../src/load/normalize-text.js';
import { revisionHash } from '../../src/load/revision-hash.js';
import { corpusPath } from '../corpora.js';

describe('revisionHash on corpus documents', () => {
  it.each([
    ['ecfr', 'title-15', 'chapter-VII.md'],
    ['rustbook', 'ch08-02-strings.md'],
  ])(
    'gives %s/%s the revision of its whole normalized text, from parts of every size',
    (...parts) => {
      const text = readFileSync(corpusPath(...parts), 'utf8');
      const whole = sha1Hex(normalizeText(text));
      for (const partUnits of [1, 7, 64, 4096, 1 << 15]) {
        expect(revisionHash(text, partUnits)).toBe(whole);
      }
    },
  );
});
