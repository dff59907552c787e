/**
 * Claims about the investigation itself: "both backends answered every query cleanly", "all
 * queries succeeded", "no query failed", "no failed calls". Each is a claim of absence, of
 * failures among the agent's own calls, and the trace says whether it holds: it is false when a
 * live call failed, errored or was refused (by the server or by the host). "Every other query",
 * "apart from", "except" and the like leave out the calls the Theory itself names as failed: those
 * its gaps cite and those it cites anywhere.
 */
import type { Theory } from '../../formats/theory.js';
import { isAbout } from '../about.js';
import type { EvidenceCall, EvidenceSet } from '../calls.js';
import type { Subject } from './subject.js';

const NOUN = `(?:quer(?:y|ies)|calls?|tool calls?|requests?|backends?|data ?sources?|searches|lookups?)`;
const DID = `(?:succeeded|succeed|answered|returned|worked|completed|responded|came back|went through|ran|executed|were answered|was answered|were served)`;
const FAILED = `(?:failed|fail|errored|error(?:ed)? out|timed out|time out|were refused|was refused|were rejected|was rejected|were blocked|was blocked)`;

const CLAIMS: readonly RegExp[] = [
  // every / each / all / both (...) queries ... succeeded
  new RegExp(String.raw`\b(?:every|each|all|both)\b(?:\s+[\w'-]+){0,4}?\s+${NOUN}\b.*?\b${DID}\b`),
  // the queries all succeeded, calls each returned
  new RegExp(String.raw`\b${NOUN}\s+(?:all|each|both)\s+(?:[\w'-]+\s+)?${DID}\b`),
  // no query failed, none of the calls timed out, not a single query was refused
  new RegExp(
    String.raw`\b(?:no|none of the|not a single|not one)\s+(?:[\w'-]+\s+){0,2}?${NOUN}\s+(?:[\w'-]+\s+)?${FAILED}\b`,
  ),
  // no failed queries, zero failed calls, without a failed request
  new RegExp(
    String.raw`\b(?:no|zero|without (?:a |any )?)\s*(?:failed|failing|refused|rejected|erroring|timed[- ]out)\s+${NOUN}\b`,
  ),
  // every query ... without errors / with no errors
  new RegExp(
    String.raw`\b${NOUN}\b.*?\b(?:without|with no)\s+(?:any\s+)?(?:errors?|failures?|problems?|issues?)\b`,
  ),
];

/** "every other query", "apart from c4", "the remaining calls": the named failures are left out. */
const EXCEPT = /\b(?:other|apart from|except|aside from|besides|remaining|rest of|beyond)\b/;

/** "All the checkout queries returned errors", "came back empty": a gap said of the calls, not a claim they went well. */
const WENT_BADLY =
  /\b(?:returned|came back|answered|responded|completed|ran)\s+(?:with\s+)?(?:an?\s+|only\s+)?(?:errors?|empty|nothing|no data|no results|failures?|timeouts?|[45]\d\d)\b/;

/** Whether a (folded) clause claims something about how the agent's own calls went. */
export function isRunClaim(folded: string): boolean {
  return !WENT_BADLY.test(folded) && CLAIMS.some((re) => re.test(folded));
}

const token = (v: string): RegExp =>
  new RegExp(`(?:^|[^\\w-])${v.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:$|[^\\w-])`, 'i');

/** The calls a run claim speaks of: about its subject when it names one ("every checkout query"), else all. */
function inScope(c: EvidenceCall, subject: Subject): boolean {
  if (subject.measurements.length) return subject.measurements.some((m) => isAbout(c, m));
  if (subject.values.length) return subject.values.some((v) => token(v).test(c.query ?? ''));
  if (subject.sources.length) return c.source === undefined || subject.sources.includes(c.source);
  return true;
}

const failedCall = (c: EvidenceCall): boolean =>
  c.class === 'live' &&
  (!c.ran || c.reallyFailed || c.outcome === 'failed' || c.outcome === 'rejected' || c.outcome === 'error');

/**
 * Why a claim about the run (isRunClaim) is false on this trace, or undefined when it holds: the
 * calls that failed, less those the Theory names itself when the claim is about the others.
 * `folded`: the claim's whole sentence, where an exception ("apart from c4, ...") may stand.
 */
export function runClaimProblem(
  folded: string,
  subject: Subject,
  theory: Theory,
  set: EvidenceSet,
): string | undefined {
  let failed = set.calls.filter((c) => failedCall(c) && inScope(c, subject));
  if (EXCEPT.test(folded)) {
    const text = JSON.stringify(theory);
    const named = new Set(
      [...theory.parts.A.gaps, ...theory.parts.B.gaps].flatMap((g) => (g.callId ? [g.callId] : [])),
    );
    failed = failed.filter((c) => !named.has(c.id) && !new RegExp(String.raw`\b${c.id}\b`).test(text));
  }
  if (!failed.length) return undefined;
  const ids = failed
    .slice(0, 6)
    .map((c) => `${c.id} (${c.ran ? (c.outcome ?? 'failed') : 'refused by the host'})`);
  return `claims the agent's calls went through, but ${failed.length === 1 ? 'one' : failed.length} did not: ${ids.join(', ')}${failed.length > 6 ? ', ...' : ''}`;
}
