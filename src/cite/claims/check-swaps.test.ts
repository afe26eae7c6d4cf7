import { describe, expect, it } from 'vitest';
import { checkSwaps } from './check-swaps.js';
import type { ClaimInput } from './types.js';

const claimOn = (text: string, passage: string): ClaimInput => ({
  text,
  start: 0,
  question: '',
  passages: [
    {
      citation: 0,
      chunk_id: 'doc|r=00000000|s=01-|p=000|b=001',
      label: 'the passage',
      text: passage,
      doc_start: 0,
      wider: passage,
      context: '',
      focus16: null,
    },
  ],
});

const PASSAGE = 'Data races cause undefined behavior and can be difficult to diagnose and fix.';

describe('checkSwaps', () => {
  it('finds a thing put in the place of the one the passage names', () => {
    const [reason] = checkSwaps(
      claimOn(
        'Deadlocks cause undefined behavior and can be difficult to diagnose and fix.',
        PASSAGE,
      ),
    );
    expect(reason?.code).toBe('term_swapped');
    expect(reason?.claim_text).toBe('Deadlocks');
    expect(reason?.passage_text).toBe('Data races');
  });

  it('finds a word said in the place of its opposite', () => {
    const [reason] = checkSwaps(
      claimOn(
        'Immutable references have one big restriction: you can have no other references to that value.',
        'Mutable references have one big restriction: you can have no other references to that value.',
      ),
    );
    expect(reason).toMatchObject({ code: 'negation_flipped', verdict: 'contradicted' });
    expect(reason?.claim_text).toBe('Immutable');
  });

  it('finds two things the passage names, each in the other one place', () => {
    const [reason] = checkSwaps(
      claimOn(
        'The exporter must send a copy of the license to the consignee within 30 days.',
        'The consignee must send a copy of the license to the exporter within 30 days.',
      ),
    );
    expect(reason).toMatchObject({ code: 'roles_swapped', verdict: 'unsupported' });
    expect([reason?.claim_text, reason?.passage_text]).toEqual(['exporter', 'consignee']);
  });

  it('lets the passage own words and an acronym of its name stand', () => {
    expect(checkSwaps(claimOn(PASSAGE, PASSAGE))).toEqual([]);
    expect(checkSwaps(claimOn(`From the sources: ${PASSAGE}`, `In this case, ${PASSAGE}`))).toEqual(
      [],
    );
    expect(
      checkSwaps(
        claimOn(
          'The countries under UN arms embargoes are Iran and Iraq.',
          'The countries subject to United Nations arms embargoes are Iran and Iraq.',
        ),
      ),
    ).toEqual([]);
  });

  it('leaves a verb said another way to the coverage check', () => {
    expect(
      checkSwaps(
        claimOn(
          'Data races produce undefined behavior and can be difficult to diagnose and fix.',
          PASSAGE,
        ),
      ),
    ).toEqual([]);
  });
});
