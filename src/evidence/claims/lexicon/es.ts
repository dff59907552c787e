/** Spanish (folded: no accents). */
import { type Lexicon, re } from './types.js';

const CONSULTA =
  '(?:consultas?|llamadas?|busquedas?|peticion(?:es)?|solicitud(?:es)?|loki|prometheus|backend)';

export const es: Lexicon = {
  code: 'es',
  stopwords: [
    'el',
    'la',
    'los',
    'las',
    'de',
    'del',
    'que',
    'y',
    'en',
    'un',
    'una',
    'por',
    'con',
    'para',
    'es',
    'son',
    'se',
    'al',
    'lo',
    'como',
    'mas',
    'pero',
    'sus',
    'hay',
    'fue',
    'fueron',
    'ningun',
    'ninguno',
    'ninguna',
    'nada',
    'sin',
    'esta',
    'este',
    'durante',
    'registros',
  ],
  notGap: re('\\bno\\s+(?:se\\s+)?(?:pudo|pudimos|pude)\\s+(?:encontrar|ver|detectar|observar)\\b'),
  gap: re(
    '\\bno\\s+(?:se\\s+)?(?:pudo|pudieron|pudimos|pude|fue\\s+posible|es\\s+posible)\\b',
    '\\b(?:imposible|desconocid[oa]s?|indeterminad[oa]s?|no\\s+disponibles?|sin\\s+datos|sin\\s+resultados|no\\s+medid[oa]s?|sin\\s+medir)\\b',
    `\\b${CONSULTA}\\b[^;]{0,80}?\\b(?:fallo|fallaron|fallida|fallidas|fracaso|rechazad[oa]s?|expiro|agoto\\s+el\\s+tiempo|tiempo\\s+de\\s+espera|demasiado\\s+larg[oa]|devolvio\\s+(?:un\\s+)?error|no\\s+devolvio)\\b`,
    '\\b(?:fallo|error)\\s+(?:de|en|al\\s+ejecutar)\\s+(?:la\\s+)?consulta\\b',
  ),
  absence: re(
    '\\b(?:no|ningun[oa]?s?|nada|sin|ni|nadie|nunca|cero|jamas)\\b',
    '\\b(?:normal(?:es|mente)?|limpi[oa]s?|estables?|san[oa]s?|tranquil[oa]s?|sin\\s+novedad(?:es)?|saludables?)\\b',
    '\\b(?:como\\s+de\\s+costumbre|como\\s+siempre|dentro\\s+de\\s+lo\\s+(?:normal|habitual|esperado)|dentro\\s+del\\s+rango\\s+(?:habitual|normal|esperado)|no\\s+peor|igual\\s+que|similar\\s+a|solo\\s+(?:un\\s+par|unos\\s+pocos|unas\\s+pocas))\\b',
  ),
  notAbsence: re('\\bno\\s+solo\\b', '\\bya\\s+no\\b'),
  contextClaim: re(
    '\\b(?:segun|de\\s+acuerdo\\s+con|conforme\\s+a)\\s+(?:el|la|los|las|nuestro|nuestra)?\\s*(?:runbook|manual|wiki|documentacion|notas?|guia|skill)\\b',
    '\\b(?:runbook|manual|wiki|documentacion|notas?|guia)\\s+(?:dice|indica|muestra|afirma|senala|menciona|confirma)\\b(?!\\s+(?:que\\s+)?(?:hay\\s+que|debemos))',
  ),
  clauseBreaks: re(
    ';\\s*',
    ',?\\s+(?=(?:pero|aunque|mientras|sin\\s+embargo)\\b)',
    '\\s+[-\\u2013\\u2014]{1,2}\\s+',
  ),
  joins: re(',?\\s+y\\s+', ',\\s+'),
  newSubject: /^(?:el|la|los|las|su|sus|no|ningun\w*|nada|hay|tampoco|todo|todos)\b/i,
  sources: {
    logs: /\b(?:logs?|registros?|loki|trazas|bitacoras?|lineas\s+de\s+log)\b/i,
    metrics: /\b(?:metricas?|prometheus|series\s+temporales|paneles?)\b/i,
  },
};
