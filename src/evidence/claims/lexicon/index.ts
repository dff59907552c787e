/**
 * The languages the claim rules read (English, Spanish, German, French, Portuguese) and the
 * function words of others they can recognise but not read: a field in one of those is flagged,
 * never trusted silently (docs/scoring.md, "Languages").
 */
import { de } from './de.js';
import { en } from './en.js';
import { es } from './es.js';
import { fr } from './fr.js';
import { pt } from './pt.js';
import type { Lexicon } from './types.js';

export { QUERYISH } from './en.js';
export type { Lexicon } from './types.js';

export const LEXICONS: Record<Lexicon['code'], Lexicon> = { en, es, de, fr, pt };

/** Languages recognised but not read: their stopwords only (folded). */
export const UNREAD: Record<string, readonly string[]> = {
  it: [
    'il',
    'di',
    'che',
    'e',
    'la',
    'per',
    'un',
    'non',
    'sono',
    'del',
    'della',
    'nei',
    'nel',
    'nessun',
    'nessuna',
    'gli',
    'le',
    'ci',
    'sono',
    'stati',
    'stato',
    'errori',
    'anche',
    'durante',
    'delle',
    'degli',
  ],
  nl: [
    'de',
    'het',
    'een',
    'en',
    'van',
    'niet',
    'geen',
    'op',
    'is',
    'zijn',
    'met',
    'voor',
    'er',
    'werd',
    'werden',
    'tijdens',
    'fouten',
    'ook',
    'maar',
    'wel',
    'dat',
    'die',
  ],
  pl: [
    'nie',
    'i',
    'w',
    'na',
    'z',
    'sie',
    'jest',
    'do',
    'ze',
    'brak',
    'bledow',
    'byl',
    'byly',
    'oraz',
    'podczas',
    'zadnych',
    'logach',
    'wszystko',
  ],
  sv: [
    'och',
    'inte',
    'det',
    'att',
    'en',
    'som',
    'ar',
    'pa',
    'for',
    'med',
    'inga',
    'fel',
    'var',
    'under',
    'loggarna',
  ],
  tr: ['ve', 'bir', 'bu', 'icin', 'yok', 'hic', 'hata', 'ile', 'olarak', 'da', 'de', 'loglarda'],
  ro: ['si', 'nu', 'in', 'la', 'cu', 'este', 'au', 'fost', 'nicio', 'erori', 'jurnale'],
  id: ['dan', 'yang', 'tidak', 'ada', 'di', 'ini', 'itu', 'dengan', 'untuk', 'kesalahan', 'selama'],
};
