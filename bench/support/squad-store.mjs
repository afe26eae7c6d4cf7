// The SQuAD store (child side, imports the built library): one plain-text document per article of
// SQuAD dev v1.1 stored with the default chunker, and the questions the bench suites ask of it.
import { readFileSync } from 'node:fs';
import { defaultChunkerRegistry } from '../../dist/chunk/chunker-registry.js';
import { loadSquad } from '../../dist/eval/load-squad.js';
import { buildSquadDocuments } from '../../dist/eval/run-squad-eval.js';
import { ensure } from '../../dist/pipeline/ensure.js';

export function loadSquadArticles(path) {
  return loadSquad(readFileSync(path, 'utf8'));
}

/** `count` questions spread over every article: each (all / count)-th one in file order. */
export function sampleQuestions(articles, count) {
  const all = articles.flatMap((a) => a.questions.map((q) => q.question));
  return Array.from(
    { length: Math.min(count, all.length) },
    (_, i) => all[Math.floor((i * all.length) / count)],
  );
}

/** Stores every article with the default chunker; returns the number of documents. */
export async function buildSquadStore(store, articles) {
  const chunker = defaultChunkerRegistry().get('default');
  let documents = 0;
  for (const doc of await buildSquadDocuments(articles)) {
    await ensure(store, doc, chunker);
    documents++;
  }
  return documents;
}
