import type { TopBlock } from './top-blocks.js';

const YAML_TITLE = /^title:[ \t]*(.*?)[ \t]*$/m;
const TOML_TITLE = /^title[ \t]*=[ \t]*(.*?)[ \t]*$/m;

/**
 * The `title` of YAML or TOML front matter when it is a plain one-line
 * scalar (the common case in static-site and eCFR exports); null otherwise.
 * Anything fancier (block scalars, anchors) is not guessed at.
 */
export function frontMatterTitle(matter: TopBlock | undefined): string | null {
  if (!matter || (matter.type !== 'yaml' && matter.type !== 'toml') || matter.value === undefined) {
    return null;
  }
  const match = (matter.type === 'yaml' ? YAML_TITLE : TOML_TITLE).exec(matter.value);
  const raw = match?.[1];
  if (!raw || /^[|>&*!]/.test(raw)) return null;
  const quoted = /^(["'])(.*)\1$/.exec(raw);
  const title = (quoted ? quoted[2]! : raw).trim();
  return title === '' ? null : title;
}
