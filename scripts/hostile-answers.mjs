#!/usr/bin/env node
// Hostile-answer campaign: answers in every shape cairn audit reads (cairn, anthropic,
// openai, cohere, gemini), each a valid answer citing a real stored chunk, then mutated leaf
// by leaf (wrong types, NULs, terminal escapes, huge strings and numbers, negative offsets)
// and whole (truncated, empty, deep, too many citations, supports x indices), each run
// through `cairn audit --json` against a real SQLite store. Every run must end audited
// (exit 0 or 1, a JSON report) or refused with a code (exit 2, a JSON error), in its
// 120 s timeout; anything else (a signal, another exit code, internal_invariant, a stack
// trace) is a crash. Bounded: --per-shape mutations per shape (default 60). Loopback-free.
//
//   npm run build && node scripts/hostile-answers.mjs [--per-shape 60]
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const args = process.argv.slice(2);
const at = args.indexOf('--per-shape');
const PER_SHAPE = at >= 0 ? Number(args[at + 1]) : 60;
const CLI = resolve(import.meta.dirname, '../dist/cli/main.js');
const CORPORA = resolve(import.meta.dirname, '../../shared/corpora');

const dir = mkdtempSync(join(tmpdir(), 'cairn-hostile-answers-'));
const db = join(dir, 'cairn.db');
const cairn = (argv, timeout = 120_000) =>
  spawnSync(process.execPath, [CLI, ...argv], {
    cwd: dir,
    encoding: 'utf8',
    timeout,
    maxBuffer: 64 << 20,
  });

const HOSTILE_VALUES = [
  null,
  -1,
  1e308,
  1.5,
  '',
  '\u0000',
  'x'.repeat(6000),
  [],
  {},
  true,
  '\u202e\u001b]0;owned\u0007\u001b[2J',
  'a|r=|s=|b=-1',
  '🦀'.repeat(50),
];

function baselines(chunk) {
  const id = chunk.snippet_id;
  const quote = chunk.text.split(/\s+/).slice(0, 10).join(' ');
  const lead = 'Per the book, ';
  const text = `${lead}${quote}.`;
  const cps = (s) => [...s].length;
  const bytes = (s) => Buffer.byteLength(s);
  const uri = `https://docs.example/chunk#${encodeURIComponent(id)}`;
  return {
    cairn: {
      answer: {
        answer: text,
        citations: [
          {
            snippet_id: id,
            section_id: chunk.section_id,
            source_url: chunk.source_url,
            offsets: chunk.offsets,
            tokens: chunk.tokens,
            rev: chunk.rev,
            quote,
          },
        ],
      },
    },
    anthropic: {
      answer: {
        id: 'msg_x',
        type: 'message',
        role: 'assistant',
        content: [
          { type: 'text', text: lead },
          {
            type: 'text',
            text: quote,
            citations: [
              {
                type: 'search_result_location',
                source: id,
                title: chunk.source_url,
                cited_text: quote,
                search_result_index: 0,
                start_block_index: 0,
                end_block_index: 1,
              },
            ],
          },
        ],
      },
      request: {
        messages: [
          {
            role: 'user',
            content: [
              {
                type: 'search_result',
                source: id,
                title: chunk.source_url,
                content: [{ type: 'text', text: chunk.text }],
              },
            ],
          },
        ],
      },
    },
    openai: {
      answer: {
        id: 'resp_x',
        object: 'response',
        output: [
          {
            type: 'message',
            role: 'assistant',
            content: [
              {
                type: 'output_text',
                text,
                annotations: [
                  {
                    type: 'url_citation',
                    url: uri,
                    title: chunk.source_url,
                    start_index: cps(lead),
                    end_index: cps(lead) + cps(quote),
                  },
                ],
              },
            ],
          },
        ],
      },
    },
    cohere: {
      answer: {
        id: 'c',
        finish_reason: 'COMPLETE',
        message: {
          role: 'assistant',
          content: [{ type: 'text', text }],
          citations: [
            {
              start: cps(lead),
              end: cps(lead) + cps(quote),
              text: quote,
              type: 'TEXT_CONTENT',
              sources: [{ type: 'document', id: 'doc:0', document: { id, snippet: chunk.text } }],
            },
          ],
        },
      },
    },
    gemini: {
      answer: {
        candidates: [
          {
            content: { role: 'model', parts: [{ text }] },
            groundingMetadata: {
              groundingChunks: [{ retrievedContext: { uri, title: id } }],
              groundingSupports: [
                {
                  segment: {
                    startIndex: bytes(lead),
                    endIndex: bytes(lead) + bytes(quote),
                    text: quote,
                  },
                  groundingChunkIndices: [0],
                },
              ],
            },
          },
        ],
      },
    },
  };
}

/** Every leaf's path in a JSON value. */
function leaves(value, path = []) {
  if (value === null || typeof value !== 'object') return [path];
  const entries = Array.isArray(value) ? value.map((v, i) => [i, v]) : Object.entries(value);
  if (entries.length === 0) return [path];
  return entries.flatMap(([k, v]) => leaves(v, [...path, k]));
}

function withLeaf(value, path, replacement) {
  const copy = structuredClone(value);
  if (path.length === 0) return replacement;
  let node = copy;
  for (const k of path.slice(0, -1)) node = node[k];
  node[path.at(-1)] = replacement;
  return copy;
}

/** The answer with its one citation repeated `n` times. */
function manyCitations(shape, answer, n) {
  const copy = structuredClone(answer);
  const list = {
    cairn: () => copy.citations,
    anthropic: () => copy.content[1].citations,
    openai: () => copy.output[0].content[0].annotations,
    cohere: () => copy.message.citations,
    gemini: () => copy.candidates[0].groundingMetadata.groundingSupports,
  }[shape]();
  const item = list[0];
  list.length = 0;
  for (let k = 0; k < n; k++) list.push(item);
  return copy;
}

/** Mutations of one shape's answer, as raw texts: leaf by leaf, then whole. */
function mutations(shape, base) {
  const out = [];
  const paths = leaves(base.answer);
  for (const path of paths)
    for (const v of HOSTILE_VALUES) out.push(JSON.stringify(withLeaf(base.answer, path, v)));
  // a deterministic spread over the leaf mutations, then the whole-answer ones
  const step = Math.max(1, Math.floor(out.length / (PER_SHAPE - 8)));
  const picked = out.filter((_, i) => i % step === 0).slice(0, PER_SHAPE - 8);
  const good = JSON.stringify(base.answer);
  picked.push(
    '',
    good.slice(0, Math.floor(good.length / 2)),
    `${'['.repeat(200_000)}${']'.repeat(200_000)}`,
    `\`\`\`json\n${good}\n\`\`\` and some prose \u0000`,
    good.replace(/"([^"]{1,40})":/, '"$1":1,"$1":'),
    JSON.stringify({ ...base.answer, __proto__: { x: 1 } }),
    // 1,500 citations: past the per-answer bound
    JSON.stringify(manyCitations(shape, base.answer, 1500)),
    good.replace(
      /"groundingChunkIndices":\[0\]/,
      `"groundingChunkIndices":[${Array.from({ length: 20_000 }, () => 0).join(',')}]`,
    ),
  );
  return picked;
}

const tally = { runs: 0, audited: 0, refused: 0, crashed: 0 };
const codes = new Map();
const crashes = [];
try {
  mkdirSync(join(dir, 'docs'));
  copyFileSync(
    join(CORPORA, 'rustbook', 'ch04-01-what-is-ownership.md'),
    join(dir, 'docs', 'own.md'),
  );
  if (cairn(['ingest', 'docs', '--db', db]).status !== 0) throw new Error('ingest failed');
  const exported = cairn(['export', 'chunks', '--db', db]);
  const chunk = JSON.parse(exported.stdout.split('\n')[2]);
  for (const [shape, base] of Object.entries(baselines(chunk))) {
    const requestFile = join(dir, `${shape}.request.json`);
    if (base.request) writeFileSync(requestFile, JSON.stringify(base.request));
    for (const [i, text] of mutations(shape, base).entries()) {
      const file = join(dir, `${shape}-${i}.json`);
      writeFileSync(file, text);
      const run = cairn([
        'audit',
        file,
        '--db',
        db,
        '--json',
        '--format',
        shape,
        ...(base.request ? ['--request', requestFile] : []),
      ]);
      tally.runs++;
      let kind = 'crashed';
      let code = null;
      const out = run.stdout.trim();
      // a report on standard output (exit 0 or 1), or a typed error as JSON (exit 1 for an
      // answer it cannot read, 2 for usage), on either stream
      const parse = (t) => {
        try {
          return JSON.parse(t.trim());
        } catch {
          return null;
        }
      };
      const report = parse(out);
      const error = parse(run.stderr)?.error ?? report?.error;
      if ((run.status === 0 || run.status === 1) && Array.isArray(report?.citations))
        kind = 'audited';
      else if ((run.status === 1 || run.status === 2) && typeof error?.code === 'string') {
        code = error.code;
        kind = code === 'internal_invariant' || code === 'internal_error' ? 'crashed' : 'refused';
      }
      if (/\n\s+at .+\(.+:\d+:\d+\)/.test(run.stderr)) kind = 'crashed';
      tally[kind]++;
      if (code) codes.set(code, (codes.get(code) ?? 0) + 1);
      if (kind === 'crashed')
        crashes.push({
          shape,
          i,
          status: run.status,
          signal: run.signal,
          error: run.error?.code,
          stderr: run.stderr.slice(0, 200),
          head: text.slice(0, 100),
        });
    }
    console.log(`${shape}: ${JSON.stringify(tally)}`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
console.log(
  `hostile answers: ${tally.runs} runs of cairn audit: ${tally.audited} audited, ${tally.refused} refused with a code, ${tally.crashed} crashed; codes ${JSON.stringify(Object.fromEntries(codes))}`,
);
for (const c of crashes.slice(0, 20)) console.log('  ', JSON.stringify(c));
process.exitCode = tally.crashed === 0 ? 0 : 1;
