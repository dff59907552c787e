/**
 * Free-text negative claims: sentences that assert absence ("no errors found", "none", "not
 * observed", "normal", "0"). A sentence that also speaks of a gap ("could not", "failed",
 * "unknown") is an honest gap statement, not a claim of absence.
 */

const NEGATIVE = [
  /\bno\s+(?:[\w-]+\s+){0,4}?(?:errors?|failures?|timeouts?|exceptions?|issues?|problems?|anomal\w*|spikes?|retries|retry|entries|lines|events|signs?|evidence|panics?|crash\w*|warnings?|restarts?|rejections?|evictions?|drops?|5xx|messages?|records?|matches)\b/i,
  /\bno\b[^.]*\b(?:found|observed|seen|detected|present|recorded|reported|logged|occurred|appeared|visible)\b/i,
  /\bnot\s+(?:been\s+)?(?:observed|found|seen|detected|present|elevated|affected)\b/i,
  /\b(?:none|normal|nominal|zero|clean|healthy)\b/i,
  /(?:^|[\s(=:])0(?!\d|\.\d)(?:\s|$|[,;)%.])/,
];

const GAP_LANGUAGE =
  /\b(?:could\s*n[o']t|cannot|can't|unable|failed|failing|failure\s+of|unknown|undetermined|unavailable|missing|gap|did\s+not\s+return|errored|timed\s+out|no\s+data\s+(?:was\s+)?(?:returned|available))\b/i;

export function sentences(text: string): string[] {
  return text
    .split(/(?<=[.!?;])\s+|\n+/)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

export function isNegativeClaim(sentence: string): boolean {
  return !GAP_LANGUAGE.test(sentence) && NEGATIVE.some((re) => re.test(sentence));
}

/**
 * An explicit claim that something was looked for and not found ("no errors found", "no failures
 * observed"), as opposed to a soft verdict ("looked normal", "healthy"). The mission's failure in
 * one sentence: said without naming anything, it speaks of everything the agent was asked about.
 */
export function isBlanketAbsence(sentence: string): boolean {
  return isNegativeClaim(sentence) && (NEGATIVE[0].test(sentence) || NEGATIVE[1].test(sentence));
}
