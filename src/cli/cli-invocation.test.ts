import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { cliInvocation } from './cli-invocation.js';

let dir: string;
let script: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'cairn-invocation-'));
  script = join(dir, 'pkg', 'dist', 'cli', 'main.js');
  mkdirSync(join(dir, 'pkg', 'dist', 'cli'), { recursive: true });
  writeFileSync(script, '');
  mkdirSync(join(dir, 'global-bin'));
  symlinkSync(script, join(dir, 'global-bin', 'cairn'));
  mkdirSync(join(dir, 'pkg', 'node_modules', '.bin'), { recursive: true });
  symlinkSync(script, join(dir, 'pkg', 'node_modules', '.bin', 'cairn'));
  mkdirSync(join(dir, 'other-bin'));
  writeFileSync(join(dir, 'other-bin', 'cairn'), '');
});

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('cliInvocation names the command a shell can run', () => {
  test('bare cairn when the cairn on PATH is this script (global install, npm link)', () => {
    expect(cliInvocation({ PATH: join(dir, 'global-bin') }, script)).toBe('cairn');
  });

  test('npx cairn when only node_modules/.bin holds it (npx, npm scripts)', () => {
    expect(cliInvocation({ PATH: join(dir, 'pkg', 'node_modules', '.bin') }, script)).toBe(
      'npx cairn',
    );
  });

  test('npx cairn when the cairn on PATH is another program, or none is', () => {
    expect(cliInvocation({ PATH: join(dir, 'other-bin') }, script)).toBe('npx cairn');
    expect(cliInvocation({}, script)).toBe('npx cairn');
    expect(cliInvocation({ PATH: join(dir, 'global-bin') }, undefined)).toBe('npx cairn');
  });
});
