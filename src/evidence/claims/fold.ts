/** The matching form of a clause: lower case, diacritics removed (`Échoué` → `echoue`). */
export function fold(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}+/gu, '');
}

/**
 * A light stemmer for matching words of a claim against words of the world (`exhaustion`,
 * `exhausted` → `exhaust`; `retries` → `retry`; `payments` → `payment`). Not linguistics: both
 * sides go through the same function, so the same word in two forms meets.
 */
export function stem(word: string): string {
  const w = word.toLowerCase();
  if (w.length <= 4) return w;
  if (w.endsWith('ies') && w.length > 5) return `${w.slice(0, -3)}y`;
  for (const suffix of ['ations', 'ation', 'ions', 'ion', 'ings', 'ing', 'ed', 'es', 's', 'e']) {
    if (w.endsWith(suffix) && w.length - suffix.length >= 4) return w.slice(0, -suffix.length);
  }
  return w;
}

/** The stems of a text's words (letters and digits; `_` and `-` split words). */
export function stems(text: string): Set<string> {
  return new Set((fold(text).match(/[\p{L}\p{N}]+/gu) ?? []).map(stem));
}
