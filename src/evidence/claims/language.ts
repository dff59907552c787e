/**
 * Which language a field is written in, by its function words. Agents answer in their users'
 * language; the rules read English, Spanish, German, French and Portuguese. A field in another
 * language, or mostly in another script, is `unreadable`: flagged by its own rule, never read as
 * if it said nothing.
 */
import { fold } from './fold.js';
import { LEXICONS, type Lexicon, UNREAD } from './lexicon/index.js';
import { foreignLetterShare } from './normalize.js';

export type Language = Lexicon['code'] | 'unreadable';

const READ = Object.values(LEXICONS).map((l) => ({ code: l.code, words: new Set(l.stopwords) }));
const OTHER = Object.entries(UNREAD).map(([code, words]) => ({ code, words: new Set(words) }));

export interface Detected {
  language: Language;
  /** The language or script it was recognised as when unreadable (`it`, `script`). */
  recognised?: string;
}

/** The language of one field's text (already normalized). Short or purely technical text reads as English. */
const languageMemo = new Map<string, Detected>();

export function detectLanguage(text: string): Detected {
  const hit = languageMemo.get(text);
  if (hit) return hit;
  const d = detect(text);
  if (languageMemo.size > 20000) languageMemo.clear();
  languageMemo.set(text, d);
  return d;
}

/** A run of two or more letters of a script other than Latin (after the confusables skeleton). */
const FOREIGN_RUN = /(?:(?!\p{Script=Latin})\p{L}){2,}/u;

/**
 * Latin letters none of the read languages writes (Polish ł ą ę ż ś ć ń, Czech ř ě ů, Nordic å ø,
 * Turkish ş ğ, Romanian ș ț ă, Hungarian ő ű, Baltic ė ų ā ē ī ū, Vietnamese ư ơ and the letters
 * with a dot or hook below), outside identifiers: one of them in a word of prose tells the language
 * is not one the rules read.
 */
const UNREAD_LETTERS = /[łąężźśćńřěůďťňľĺŕšžčýåøðþșțşğăőűėųāēīūģķļņđư\u01a1\u1ea0-\u1ef9]/iu;

function unreadLetters(text: string): boolean {
  for (const w of text.normalize('NFC').match(/[\p{L}\p{M}\p{N}_.:/-]+/gu) ?? []) {
    // Identifiers (service names, metric names) are not prose.
    if (/[\d_.:/-]/.test(w)) continue;
    if (UNREAD_LETTERS.test(w)) return true;
  }
  return false;
}

function detect(text: string): Detected {
  if (foreignLetterShare(text) > 0.3 || FOREIGN_RUN.test(text))
    return { language: 'unreadable', recognised: 'script' };
  if (unreadLetters(text)) return { language: 'unreadable', recognised: 'letters' };
  const tokens = fold(text).match(/[a-z']+/g) ?? [];
  const score = (words: Set<string>): number => tokens.filter((t) => words.has(t)).length;
  let best: { code: Lexicon['code']; n: number } = { code: 'en', n: score(READ[0].words) };
  for (const l of READ.slice(1)) {
    const n = score(l.words);
    if (n > best.n) best = { code: l.code, n };
  }
  const other = OTHER.map((l) => ({ code: l.code, n: score(l.words) })).sort((a, b) => b.n - a.n)[0];
  // Unread languages share many short words with read ones (`de`, `la`, `e`); one wins only by a
  // clear margin, and never on a text too short to tell.
  if (tokens.length >= 4 && other && other.n >= 2 && other.n > best.n + 1) {
    return { language: 'unreadable', recognised: other.code };
  }
  return { language: best.n >= 2 ? best.code : 'en' };
}
