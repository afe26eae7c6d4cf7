import { realpathSync } from 'node:fs';
import { delimiter, join } from 'node:path';

/**
 * How a user can run this CLI again from a shell: `cairn` when the `cairn` found on PATH
 * is this very script (a global install or `npm link`), else `npx cairn` (after `npm ci`
 * the bin sits in node_modules/.bin, which a shell does not search).
 */
export function cliInvocation(
  env: NodeJS.ProcessEnv = process.env,
  script: string | undefined = process.argv[1],
): string {
  if (script === undefined) return 'npx cairn';
  const self = realpathOrNull(script);
  if (self === null) return 'npx cairn';
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    // npx and npm scripts put node_modules/.bin on PATH for the child alone
    if (dir === '' || dir.split(/[\\/]/).includes('node_modules')) continue;
    if (realpathOrNull(join(dir, 'cairn')) === self) return 'cairn';
  }
  return 'npx cairn';
}

function realpathOrNull(path: string): string | null {
  try {
    return realpathSync(path);
  } catch {
    return null;
  }
}
