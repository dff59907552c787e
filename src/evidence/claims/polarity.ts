/**
 * What a clause claims, before what it is about: absence (none, zero, normal, a comparison that
 * asserts normality), a gap (the query or the measurement gave no answer), a value, or none of
 * these. Gap wording decides only its own clause; a clause that both names a failure and claims
 * absence of something ("could not find any errors") claims absence.
 */
import type { Lexicon } from './lexicon/index.js';
import { isZeroAt, numbersIn, type WrittenNumber } from './numbers.js';

export type Polarity = 'absence' | 'gap' | 'value' | 'none';

export interface Read {
  polarity: Polarity;
  numbers: WrittenNumber[];
  /** For absence: a zero written as a number (`0`, `0.0`, `1e-7`), rather than in words. */
  zero?: boolean;
}

/** Text with the spans of `res` blanked out. */
function without(text: string, res: readonly RegExp[]): string {
  let out = text;
  for (const re of res) out = out.replace(new RegExp(re.source, `${re.flags.replace('g', '')}g`), ' ');
  return out;
}

/** The text a number reader sees: query text and call ids are not prose. */
function prose(text: string): string {
  return text.replace(/\{[^{}]*\}/g, ' ').replace(/\bc\d+\b/g, ' ');
}

export function readClause(folded: string, lexicons: readonly Lexicon[]): Read {
  const numbers = numbersIn(prose(folded));
  if (lexicons.some((l) => l.notGap.some((re) => re.test(folded)))) return { polarity: 'absence', numbers };
  if (lexicons.some((l) => l.gap.some((re) => re.test(folded)))) return { polarity: 'gap', numbers };
  const plain = without(
    folded,
    lexicons.flatMap((l) => l.notAbsence),
  );
  if (lexicons.some((l) => l.absence.some((re) => re.test(plain)))) return { polarity: 'absence', numbers };
  if (numbers.some((n) => isZeroAt(n.value))) return { polarity: 'absence', numbers, zero: true };
  if (numbers.length > 0) return { polarity: 'value', numbers };
  return { polarity: 'none', numbers };
}

/**
 * Context stated as the basis of a fact: `says` for a context source that says, states or shows
 * something ("the runbook says the queue holds about 400 items"), `per` for one a claim is made
 * according to ("according to the notes, ..."), which is a claim only when the clause asserts one.
 */
export function restsOnContext(folded: string, lexicons: readonly Lexicon[]): 'says' | 'per' | undefined {
  if (lexicons.some((l) => l.contextClaim.slice(1).some((re) => re.test(folded)))) return 'says';
  if (lexicons.some((l) => l.contextClaim[0]?.test(folded))) return 'per';
  return undefined;
}
