import { describe, expect, it } from 'vitest';
import { canonicalizeSource, deriveDocUid } from './doc-uid.js';

describe('canonicalizeSource', () => {
  it('normalizes scheme and host, drops fragments, default ports and queries', () => {
    expect(canonicalizeSource('HTTPS://Example.COM:443/Guide.pdf?utm_source=x#p2')).toBe(
      'https://example.com/Guide.pdf',
    );
  });

  it('keeps version pins, sorted', () => {
    expect(canonicalizeSource('https://example.com/doc?ref=main&utm=1&v=3')).toBe(
      'https://example.com/doc?ref=main&v=3',
    );
  });

  it('normalizes paths', () => {
    expect(canonicalizeSource('./docs/../book/ch1.md')).toBe('book/ch1.md');
    expect(canonicalizeSource('book\\ch1.md')).toBe('book/ch1.md');
  });
});

describe('deriveDocUid', () => {
  it('is sha1_8 of the canonical source, equal for equivalent spellings', () => {
    const uid = deriveDocUid('https://example.com/a?utm=1');
    expect(uid).toMatch(/^[0-9a-f]{8}$/);
    expect(deriveDocUid('HTTPS://EXAMPLE.com/a#top')).toBe(uid);
    expect(deriveDocUid('https://example.com/b')).not.toBe(uid);
  });
});
