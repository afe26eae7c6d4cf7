import { CairnError } from '../errors.js';

/** The search modes `cairn eval gold` can run; embedding modes come with an embedder. */
export const GOLD_SEARCH_MODES = ['lexical', 'vector', 'hybrid'] as const;

export type GoldSearchMode = (typeof GOLD_SEARCH_MODES)[number];

/** `mode` when cairn has it (an embedding mode with an embedder); else `invalid_option`. */
export function checkGoldSearchMode(mode: string | undefined, embedder = false): GoldSearchMode {
  const wanted = mode ?? 'lexical';
  if (
    wanted !== 'lexical' &&
    (GOLD_SEARCH_MODES as readonly string[]).includes(wanted) &&
    !embedder
  ) {
    throw new CairnError('invalid_option', `Search mode ${wanted} needs an embedder (--embedder)`, {
      details: { option: 'mode', received: wanted },
    });
  }
  if ((GOLD_SEARCH_MODES as readonly string[]).includes(wanted)) return wanted as GoldSearchMode;
  throw new CairnError(
    'invalid_option',
    `No search mode ${JSON.stringify(wanted)}: the modes are ${GOLD_SEARCH_MODES.join(', ')} (vector and hybrid with an embedder)`,
    { details: { option: 'mode', received: wanted, expected: [...GOLD_SEARCH_MODES] } },
  );
}
