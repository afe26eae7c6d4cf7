import { CairnError } from '../errors.js';

/** The search modes `cairn eval gold` can run; embedding modes come with an embedder. */
export const GOLD_SEARCH_MODES = ['lexical'] as const;

export type GoldSearchMode = (typeof GOLD_SEARCH_MODES)[number];

/** `mode` when cairn has it; else `invalid_option` naming the modes that exist. */
export function checkGoldSearchMode(mode: string | undefined): GoldSearchMode {
  const wanted = mode ?? 'lexical';
  if ((GOLD_SEARCH_MODES as readonly string[]).includes(wanted)) return wanted as GoldSearchMode;
  throw new CairnError(
    'invalid_option',
    `No search mode ${JSON.stringify(wanted)}: the modes are ${GOLD_SEARCH_MODES.join(', ')} (search is lexical only; a mode that embeds, and with it ΔS, needs an embedder cairn does not have yet)`,
    { details: { option: 'mode', received: wanted, expected: [...GOLD_SEARCH_MODES] } },
  );
}
