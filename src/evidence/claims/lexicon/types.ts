/**
 * One language's words for the claim rules. Every pattern is matched against the folded text of a
 * clause (claims/fold.ts: lower case, diacritics removed, so `échoué` is written `echoue` here),
 * which keeps `\b` meaningful for every language the lexicon reads.
 */
export interface Lexicon {
  /** ISO 639-1 code. */
  code: 'en' | 'es' | 'de' | 'fr' | 'pt';
  /** Frequent function words: what language detection counts. */
  stopwords: readonly string[];
  /**
   * Gap wording: the clause says a query or a measurement did not give an answer ("the logs query
   * failed", "could not measure", "no data returned"). Only its own clause becomes a gap.
   */
  gap: readonly RegExp[];
  /**
   * Wording that looks like a gap but claims absence ("could not find any errors" = none found):
   * checked before `gap`.
   */
  notGap: readonly RegExp[];
  /** Absence, zero or normality: negation with scope, normal-state words, comparisons. */
  absence: readonly RegExp[];
  /** Negations that are not absence claims ("no longer", "not only", "no doubt"). */
  notAbsence: readonly RegExp[];
  /** A context source (runbook, notes, docs) stated as the basis of a claim of fact. */
  contextClaim: readonly RegExp[];
  /** Where a clause ends inside a sentence ("; ", ", but ", " while "). */
  clauseBreaks: readonly RegExp[];
  /** " and "-like joins, split only where a new subject starts (`newSubject`). */
  joins: readonly RegExp[];
  /** How a clause with its own subject starts (after a join): determiners, pronouns, absence words. */
  newSubject: RegExp;
  /**
   * A clause of its own after a join even without a determiner: a short noun phrase and its verb
   * ("... failed (c13) and timeouts stayed low"), split only when what precedes has a verb too.
   */
  ownPredicate?: { left: RegExp; right: RegExp };
  /** The words for each telemetry source. */
  sources: { logs: RegExp; metrics: RegExp };
}

/** A pattern list from sources written with `\b` (folded text is ASCII wherever it is Latin). */
export const re = (...sources: string[]): RegExp[] => sources.map((s) => new RegExp(s, 'i'));
