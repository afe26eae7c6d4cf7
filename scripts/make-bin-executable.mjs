// The build's last step: tsc writes files without the execute bit, and the
// package's bin must have it where npm does not link it afresh (npx reusing
// its link to an earlier clone at the same path said "Permission denied").
import { chmodSync, readFileSync } from 'node:fs';

const { bin } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
for (const path of Object.values(typeof bin === 'string' ? { main: bin } : (bin ?? {}))) {
  chmodSync(new URL(`../${path}`, import.meta.url), 0o755);
}
