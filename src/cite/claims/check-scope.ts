import { alignedClauses } from './aligned-clauses.js';
import { labels } from './check-quantities.js';
import { quoted, reasonOf } from './claim-reason.js';
import { analyze } from './clauses-of.js';
import type { ClaimInput, ClaimReason } from './types.js';

/** Words that claim a whole: a passage that does not say them states less. */
const UNIVERSAL = new Set([
  'all',
  'every',
  'everyone',
  'everybody',
  'everything',
  'always',
  'only',
  'solely',
  'exclusively',
  'entirely',
  'completely',
  'regardless',
  'universally',
  'whatever',
  'whenever',
]);

/** Quantifiers over every member: one restates another. */
const EACH = new Set(['all', 'every', 'each', 'any']);

/**
 * Quantifiers and conditions. A claim that says "always", "all", "every",
 * "only", ... where no passage does claims more than its passages: it is
 * unsupported, and the message names the condition a passage states. A
 * claim that matches a quoted clause but none of the words of the
 * condition or exception attached to it ("if ...", "unless ...", "except
 * ...") drops that condition: unsupported too.
 */
export function checkScope(input: ClaimInput): ClaimReason[] {
  const reasons: ClaimReason[] = [];
  const passages = input.passages.map((of) => ({ of, analyzed: analyze(of.text) }));
  const said = new Set(passages.flatMap((p) => p.analyzed.words.map((w) => w.lower)));
  const saysEach = [...EACH].some((x) => said.has(x));
  const claim = analyze(input.text);
  const claimStatesCondition = claim.clauses.some((c) => c.condition);
  for (const w of claim.words) {
    if (!UNIVERSAL.has(w.lower) || said.has(w.lower)) continue;
    // "every value" restates "each value", "all values" "any value", "always" "under all circumstances"
    if ((EACH.has(w.lower) || w.lower === 'always') && saysEach) continue;
    const condition = passages
      .flatMap((p) => p.analyzed.clauses.filter((c) => c.condition).map((c) => ({ c, of: p.of })))
      .at(0);
    // "only if ..." and "whenever ..." restate the passage's "unless ..." and "if ...": the claim keeps a condition
    if (condition !== undefined && claimStatesCondition) continue;
    reasons.push(
      reasonOf(input, {
        check: 'scope',
        code: 'scope_broader',
        verdict: 'unsupported',
        message:
          condition === undefined
            ? `claim says ${quoted(w.text)}; ${labels(input.passages)} does not`
            : `claim says ${quoted(w.text)}; ${condition.of.label} states a condition: ${quoted(condition.of.text.slice(condition.c.start16, condition.c.end16))}`,
        claim: { start16: w.start16, end16: w.end16 },
        passage:
          condition === undefined
            ? null
            : {
                of: condition.of,
                span: { start16: condition.c.start16, end16: condition.c.end16 },
              },
      }),
    );
  }
  reasons.push(...droppedConditions(input));
  return reasons;
}

/** Conditions inside a located quote whose words the claim leaves out while it restates the rest. */
function droppedConditions(input: ClaimInput): ClaimReason[] {
  const claim = analyze(input.text);
  const matched = new Set(alignedClauses(input).map((pair) => pair.of));
  const reasons: ClaimReason[] = [];
  for (const of of input.passages) {
    if (of.focus16 === null || !matched.has(of)) continue;
    const focus = of.focus16;
    for (const c of analyze(of.text).clauses) {
      if (!c.condition || c.stems.size < 2) continue;
      if (c.end16 <= focus.start16 || c.start16 >= focus.end16) continue;
      if ([...c.stems].some((stem) => claim.stems.has(stem))) continue;
      reasons.push(
        reasonOf(input, {
          check: 'condition',
          code: 'condition_dropped',
          verdict: 'unsupported',
          message: `claim leaves out the condition ${quoted(of.text.slice(c.start16, c.end16))} of ${of.label}`,
          passage: { of, span: { start16: c.start16, end16: c.end16 } },
        }),
      );
    }
  }
  return reasons;
}
