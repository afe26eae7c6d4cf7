#!/usr/bin/env node
// The npm registry reachable from our machines does not serve every platform
// build of packages such as @biomejs/biome (darwin, win32, musl, android).
// `npm install` then leaves those optional platform packages out of
// package-lock.json, and `npm ci` refuses the lock file as out of sync.
// This script adds a lock entry for each missing optional platform package,
// carrying only its os/cpu/libc, so `npm ci` skips it on this platform as it
// would with a lock file written where the registry serves them all.
// Run it after every `npm install` that changes package-lock.json.
import { readFileSync, writeFileSync } from 'node:fs';

const path = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(path, 'utf8'));
const packages = lock.packages;

const OS = ['darwin', 'linux', 'win32', 'android', 'freebsd', 'openbsd', 'sunos', 'aix'];
const CPU = ['arm64', 'x64', 'ia32', 'arm', 'riscv64', 'ppc64', 's390x', 'loong64'];

function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const os = OS.find((o) => parts.includes(o));
  const cpu = CPU.find((c) => parts.includes(c));
  if (!os || !cpu) return undefined;
  const entry = { os: [os], cpu: [cpu] };
  if (os === 'linux') entry.libc = [parts.includes('musl') ? 'musl' : 'glibc'];
  return entry;
}

let added = 0;
for (const [key, node] of Object.entries(packages)) {
  for (const [dep, version] of Object.entries(node.optionalDependencies ?? {})) {
    const nested = `${key ? `${key}/` : ''}node_modules/${dep}`;
    if (packages[nested] || packages[`node_modules/${dep}`]) continue;
    const platform = platformOf(dep);
    if (!platform) continue;
    packages[`node_modules/${dep}`] = {
      version,
      ...(node.dev ? { dev: true } : {}),
      optional: true,
      ...platform,
    };
    added += 1;
  }
}

const sorted = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : 1)),
);
lock.packages = sorted;
writeFileSync(path, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`complete-lockfile: added ${added} optional platform entries`);
