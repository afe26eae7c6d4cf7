import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { openStore } from '../../src/store/open-store.js';
import { describeApiConformance } from './api-conformance.js';

const dir = mkdtempSync(join(tmpdir(), 'cairn-api-db-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describeApiConformance('SQLite', () => openStore({ db: join(dir, 'cairn.db') }));
