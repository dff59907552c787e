/**
 * Numbers as people write them in findings: `0`, `0.0`, `0%`, `1e-7`, `1,432`, `-3`, and the zero
 * words of the lexicon's languages ("zero", "nil", "cero", "zéro", "null" in German). Digits that
 * belong to something else are not numbers here: times and dates (`14:01`, `2026-03-14`), ids and
 * names (`c12`, `p99`, `5xx`, `http_5xx`), query text (`[5m]`, `{code="500"}`), versions (`1.2.3`).
 */

export interface WrittenNumber {
  value: number;
  /** The text as written (`0.0`, `1e-7`, `zero`). */
  text: string;
  /** Decimal places as written (`0.30` → 2): the rounding a reader allows. */
  decimals: number;
}

const NUMBER =
  /(?<![\w.:/\\{}\-[<>"'`#$]|\d[,.])([-+]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?:[eE][-+]?\d+)?)(?:\s?%|\s?(?:ms|s|sec|seconds?|m|min|minutes?|h|hours?|req\/s|rps)\b)?(?![\w:/]|\.\d|-\d|,\d{3})/g;

/** Words that mean the number zero (not "none"/"no": those are absence words of the lexicon). */
const ZERO_WORDS = /(?<![\w-])(?:zero|zeros|nil|cero|z[ée]ro|null|nulo|nula)(?![\w-])/gi;

/** Every number written in `text`, in order. */
export function numbersIn(text: string): WrittenNumber[] {
  const out: { at: number; n: WrittenNumber }[] = [];
  for (const m of text.matchAll(NUMBER)) {
    const raw = m[1];
    const value = Number(raw.replaceAll(',', ''));
    if (!Number.isFinite(value)) continue;
    const frac = /\.(\d+)/.exec(raw.replace(/[eE].*$/, ''));
    out.push({ at: m.index ?? 0, n: { value, text: m[0].trim(), decimals: frac ? frac[1].length : 0 } });
  }
  for (const m of text.matchAll(ZERO_WORDS)) {
    // German "null" is zero; English "null" mostly is not ("a null pointer"): only before a noun
    // phrase or standing alone does it count, which the polarity rules decide; here it is a zero.
    out.push({ at: m.index ?? 0, n: { value: 0, text: m[0], decimals: 0 } });
  }
  return out.sort((a, b) => a.at - b.at).map((x) => x.n);
}

/**
 * Does a written number say zero? Exactly zero, or it rounds to zero at the tolerance of what it
 * measures (`1e-7` of a ratio measured to ±0.001); without a tolerance, below one millionth.
 */
export function isZeroAt(value: number, absTolerance?: number): boolean {
  return Math.abs(value) <= Math.max(1e-6, absTolerance ?? 0);
}
