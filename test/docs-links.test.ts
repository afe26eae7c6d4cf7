import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, resolve } from 'node:path';
import GithubSlugger from 'github-slugger';
import { describe, expect, test } from 'vitest';

/**
 * The README and the pages of docs/ link each other by path and heading:
 * every such link names a file that exists and, into a Markdown file, a
 * heading it has (GitHub's anchors, the text outside code fences).
 */
const ROOT = resolve(import.meta.dirname, '..');
const PAGES = [
  'README.md',
  'bench/HISTORY.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

function proseLines(file: string): string[] {
  let fenced = false;
  return readFileSync(join(ROOT, file), 'utf8')
    .split('\n')
    .map((line) => {
      if (/^\s*(```|~~~)/.test(line)) {
        fenced = !fenced;
        return '';
      }
      return fenced ? '' : line;
    });
}

function anchorsOf(file: string): Set<string> {
  const slugger = new GithubSlugger();
  const anchors = new Set<string>();
  for (const line of proseLines(file)) {
    const heading = /^#{1,6} (.*)$/.exec(line);
    if (heading) anchors.add(slugger.slug(heading[1]!));
  }
  return anchors;
}

function brokenLinks(file: string): string[] {
  const broken: string[] = [];
  proseLines(file).forEach((line, i) => {
    for (const [, target] of line.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:/.test(target!)) continue;
      const [path, anchor] = target!.split('#');
      const to = path ? normalize(join(dirname(file), path)) : file;
      const ok =
        existsSync(join(ROOT, to)) &&
        (anchor === undefined || !to.endsWith('.md') || anchorsOf(to).has(anchor));
      if (!ok) broken.push(`${file}:${i + 1} ${target}`);
    }
  });
  return broken;
}

describe('links between the README and docs/', () => {
  test('there are pages, and one anchor the README links is found', () => {
    expect(PAGES.length).toBeGreaterThan(10);
    expect(
      anchorsOf('docs/audit.md').has('claims-does-the-sentence-say-what-its-citation-says'),
    ).toBe(true);
  });

  test.each(PAGES)('%s: every link reaches its file and heading', (file) => {
    expect(brokenLinks(file)).toEqual([]);
  });
});
