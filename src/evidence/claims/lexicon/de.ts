/** German (folded: no umlauts, ß as is). */
import { type Lexicon, re } from './types.js';

const ABFRAGE = '(?:abfragen?|anfragen?|aufrufe?|suchen?|loki|prometheus|backend)';

export const de: Lexicon = {
  code: 'de',
  stopwords: [
    'der',
    'die',
    'das',
    'und',
    'ist',
    'nicht',
    'ein',
    'eine',
    'in',
    'den',
    'dem',
    'zu',
    'mit',
    'von',
    'im',
    'auf',
    'fur',
    'es',
    'sich',
    'auch',
    'als',
    'wurde',
    'wurden',
    'keine',
    'kein',
    'bei',
    'des',
    'waren',
    'war',
    'sind',
    'wahrend',
    'nach',
    'aber',
    'oder',
  ],
  notGap: re(
    '\\bkonnten?\\s+(?:wir\\s+)?(?:keine?n?|nichts)\\s+(?:\\w+\\s+)?(?:finden|sehen|feststellen|entdecken)\\b',
  ),
  gap: re(
    '\\b(?:konnte|konnten|kann|konnen)\\s+(?:\\w+\\s+){0,3}?nicht\\b',
    '\\b(?:nicht\\s+moglich|unmoglich|unbekannt|unklar|unbestimmt|nicht\\s+verfugbar|keine\\s+daten|keine\\s+ergebnisse|nicht\\s+gemessen|nicht\\s+messbar)\\b',
    `\\b${ABFRAGE}\\b[^;]{0,80}?\\b(?:fehlgeschlagen|schlug\\s+fehl|schlugen\\s+fehl|abgelehnt|zeituberschreitung|abgebrochen|zu\\s+lang|lieferte\\s+(?:einen\\s+)?fehler|lieferte\\s+nichts)\\b`,
    '\\b(?:fehlgeschlagene|abgelehnte)\\s+(?:abfragen?|anfragen?)\\b',
  ),
  absence: re(
    '\\b(?:kein(?:e|en|er|es|em)?|nicht|nichts|ohne|null|niemals|nie|weder)\\b',
    '\\b(?:normal|sauber|unauffallig|stabil|ruhig|gesund|in\\s+ordnung|fehlerfrei|problemlos)\\b',
    '\\b(?:wie\\s+(?:ublich|gewohnt|erwartet)|im\\s+(?:normalen|ublichen|erwarteten)\\s+(?:bereich|rahmen)|nicht\\s+schlechter|vergleichbar\\s+mit|nur\\s+(?:ein\\s+paar|wenige|vereinzelt))\\b',
  ),
  notAbsence: re('\\bnicht\\s+nur\\b', '\\bnicht\\s+mehr\\b'),
  contextClaim: re(
    '\\b(?:laut|gemass|nach|zufolge)\\s+(?:dem|der|unserem|unserer)?\\s*(?:runbook|handbuch|wiki|dokumentation|notizen?|skill)\\b',
    '\\b(?:runbook|handbuch|wiki|dokumentation|notizen?)\\s+(?:sagt|besagt|zeigt|nennt|bestatigt|meldet|gibt\\s+an)\\b',
  ),
  clauseBreaks: re(
    ';\\s*',
    ',?\\s+(?=(?:aber|jedoch|wahrend|obwohl|allerdings)\\b)',
    '\\s+[-\\u2013\\u2014]{1,2}\\s+',
  ),
  joins: re(',?\\s+und\\s+', ',\\s+'),
  newSubject: /^(?:der|die|das|den|dem|sein|ihr|es|kein\w*|nichts|auch|alle|es\s+gab)\b/i,
  sources: {
    logs: /\b(?:logs?|protokoll\w*|loki|logzeilen|log-?eintrag\w*|log-?streams?)\b/i,
    metrics: /\b(?:metriken|metrik|prometheus|zeitreihen|dashboards?)\b/i,
  },
};
