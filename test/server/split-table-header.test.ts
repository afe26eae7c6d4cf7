import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ingestSources } from '../../src/ingest/ingest-sources.js';
import { createApp } from '../../src/server/create-app.js';
import { openStore } from '../../src/store/open-store.js';

const dir = mkdtempSync(join(tmpdir(), 'cairn-table-header-'));

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('GET /api/documents/:doc on a split table', () => {
  it("gives each later part the table's header row, which its text does not hold", async () => {
    const rows = Array.from({ length: 120 }, (_, i) => `| row ${i} | value ${i * 7} |`).join('\n');
    writeFileSync(join(dir, 'prices.md'), `# Prices\n\n| Item | Price |\n|---|---|\n${rows}\n`);
    const store = await openStore({ db: join(dir, 'cairn.db') });
    try {
      const run = await ingestSources(store, ['prices.md'], { workers: 0, cwd: dir });
      expect(run.failed).toBe(0);
      const app = createApp({ store, cwd: dir });
      const response = await app.request('/api/documents/prices.md');
      expect(response.status).toBe(200);
      const view = (await response.json()) as {
        text: string;
        chunks: { start: number; end: number; table_header?: string }[];
      };
      const chars = Array.from(view.text);
      const tableStart = chars.join('').indexOf('| Item');
      const parts = view.chunks.filter((chunk) => chunk.end > tableStart);
      expect(parts.length).toBeGreaterThan(2);
      // the heading's chunk and the first part hold no header row of another chunk's table
      expect(view.chunks.filter((c) => c.table_header !== undefined)).toHaveLength(
        parts.length - 1,
      );
      expect(parts[0]!.table_header).toBeUndefined();
      for (const chunk of parts.slice(1)) {
        expect(chunk.table_header).toBe('| Item | Price |');
        expect(chars.slice(chunk.start, chunk.end).join('')).not.toContain('| Item | Price |');
      }
    } finally {
      await store.close();
    }
  });
});
