/**
 * Text as the claim rules read it. A claim must not hide behind its spelling: Unicode
 * compatibility forms (NFKC: full-width letters, ligatures, no-break spaces), lookalike letters
 * from other scripts (a Greek omicron in "Nο", a Cyrillic "о" in "nоne"), invisible characters and
 * inline markdown (`**No**`, `_none_`, `~~x~~`, links) all read as the plain ASCII sentence a
 * person sees. Backticks and quotes keep their content: a selector in backticks is still a selector.
 */

/**
 * Lookalikes of Latin letters (Unicode's confusables, the letters that matter in prose): Greek and
 * Cyrillic capitals and small letters that render like a Latin letter. A word made only of Latin
 * letters and these reads as Latin; a word with any other non-Latin letter is left as it is, so a
 * real Greek or Russian text stays foreign (and is flagged by the language rule, not misread).
 */
const CONFUSABLE: ReadonlyMap<string, string> = new Map(
  [
    // Greek capitals and small letters
    'ΑA ΒB ΕE ΖZ ΗH ΙI ΚK ΜM ΝN ΟO ΡP ΤT ΥY ΧX οo αa εe ιi κk νv ρp τt υu χx ϲc ϳj',
    // Cyrillic capitals and small letters
    'АA ВB ЕE КK МM НH ОO РP СC ТT ХX ЅS ІI ЈJ ҮY ԀD ԚQ ԜW аa еe оo рp сc уy хx ѕs іi јj һh ԁd ԛq ԝw ӏl үy',
    // Latin lookalikes outside ASCII that NFKC keeps
    'ıi ȷj ɑa ɡg ɩi ʏy ᴏo',
  ]
    .join(' ')
    .split(' ')
    .map((pair): [string, string] => [pair.slice(0, -1), pair.slice(-1)]),
);

/** Zero-width and formatting characters that change nothing a reader sees. */
const INVISIBLE = /\p{Default_Ignorable_Code_Point}/gu;

const LATIN = /\p{Script=Latin}/u;
const LETTER = /\p{L}/u;

/** Map a word's lookalike letters to Latin when every letter of it is Latin or a lookalike. */
function skeletonWord(word: string): string {
  let mapped = '';
  for (const ch of word) {
    if (!LETTER.test(ch) || LATIN.test(ch)) mapped += ch;
    else if (CONFUSABLE.has(ch)) mapped += CONFUSABLE.get(ch);
    else return word;
  }
  return mapped;
}

/** The confusables skeleton of a text, word by word (see CONFUSABLE). */
export function skeleton(text: string): string {
  return text.replace(/[\p{L}\p{M}]+/gu, skeletonWord);
}

/** Inline markdown and HTML removed, their text kept: emphasis, strike, links, images, tags, headings, quotes. */
export function stripMarkdown(text: string): string {
  return (
    text
      .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
      .replace(/<\/?[A-Za-z][^>]*>/g, ' ')
      .replace(/^\s{0,3}(?:#{1,6}\s+|>\s?)+/gm, '')
      // Emphasis markers around words (`**No**`, `__no__`, `*no*`, `_no_`, `~~no~~`), not inside
      // identifiers such as pool_exhausted_lines.
      .replace(/(\*{1,3}|_{1,3}|~~)(?=\S)([^*_~\n]*?\S)\1(?![\w*])/g, '$2')
      .replace(/(^|[\s(])[*_]{1,3}(?=\S)/g, '$1')
      .replace(/(?<=\S)[*_]{1,3}(?=[\s).,;:!?]|$)/g, '')
      .replace(/`([^`]*)`/g, '$1')
  );
}

/**
 * The reading form of free text: NFKC, invisible characters removed, lookalikes as Latin, inline
 * markup stripped, runs of spaces collapsed. Line breaks are kept (they separate bullets and rows).
 */
export function normalizeText(text: string): string {
  const nfkc = text.normalize('NFKC').replace(INVISIBLE, '');
  return stripMarkdown(skeleton(nfkc))
    .replace(/[\u2018\u2019\u201B\u2032]/g, "'")
    .replace(/[\u201C\u201D\u201F\u2033]/g, '"')
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/[^\S\n]+/g, ' ');
}

/** Letters of scripts other than Latin (after the skeleton): what marks a text as foreign. */
export function foreignLetterShare(text: string): number {
  let letters = 0;
  let foreign = 0;
  for (const ch of text) {
    if (!LETTER.test(ch)) continue;
    letters++;
    if (!LATIN.test(ch)) foreign++;
  }
  return letters === 0 ? 0 : foreign / letters;
}
