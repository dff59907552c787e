/**
 * The words the operators write. Each absence template has a tone: `absence` says there was no
 * error at all (true of a subject whose errors are zero), `normal` says the subject was within its
 * usual state (true of background errors too). A subject the trace did not measure makes either
 * tone dishonest; a healthy measured subject makes true only the tones its health allows.
 */
import type { Source } from './calls.js';
import type { Health } from './facts.js';

/**
 * `baseline`: a comparison with a past period ("no worse than last week", "within the usual
 * range"): true of a subject measured at zero (nothing is worse than none); of one with background
 * errors only a call reading the period would back it, and the seeds' traces hold none.
 */
export type Tone = 'absence' | 'normal' | 'baseline';

/** A subject as the templates name it: `the payments logs` (always a plural noun phrase). */
export interface Named {
  /** The label value (`payments`). */
  v: string;
  source: Source;
  /** The definite noun phrase, plural: `the payments logs`, `the payments metrics`. */
  np: string;
}

/** `payments'`, `checkout's`: the possessive of a label value. */
export const possessive = (v: string): string => (v.endsWith('s') ? `${v}'` : `${v}'s`);

export function namings(v: string, source: Source): Named[] {
  const own = possessive(v);
  const nps =
    source === 'logs'
      ? [`the ${v} logs`, `${own} own logs`, `the ${v} log lines`, `the ${v} error logs`]
      : [`the ${v} metrics`, `${own} own metrics`, `the ${v} series`, `the ${v} dashboards`];
  return nps.map((np) => ({ v, source, np }));
}

export const tonesFor = (h: Health | undefined): Tone[] =>
  h === 'normal' ? ['normal'] : ['absence', 'normal', 'baseline'];

const cap = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

export interface Template {
  tone: Tone;
  render(s: Named): string;
}

const t = (tone: Tone, render: (s: Named) => string): Template => ({ tone, render });

/** English paraphrases of absence and normality (issue 21's classes and a broad lexicon). */
export const EN_ABSENCE: readonly Template[] = [
  t('normal', (s) => `${cap(s.np)} show nothing unusual.`),
  t('normal', (s) => `${cap(possessive(s.v))} own ${s.source} show nothing unusual.`),
  t('absence', (s) => `${cap(s.np)} look clean.`),
  t('normal', (s) => `Nothing abnormal in ${s.np}.`),
  t(
    'normal',
    (s) => `Nothing abnormal in the ${s.v} ${s.source === 'logs' ? 'error stream' : 'error series'}.`,
  ),
  t('absence', (s) => `There were no error events in ${s.np}.`),
  t('normal', (s) => `${cap(s.np)} were quiet.`),
  t('baseline', (s) => `${cap(s.np)} stayed within the usual range.`),
  t('baseline', (s) => `Errors in ${s.np} were no worse than last week.`),
  t('normal', (s) => `Only a couple of errors showed up in ${s.np}.`),
  t('normal', (s) => `${cap(s.np)} are healthy.`),
  t('normal', (s) => `No sign of trouble in ${s.np}.`),
  t('absence', (s) => `${cap(s.np)} are free of errors.`),
  t('normal', (s) => `No anomalies were observed in ${s.np}.`),
  t('absence', (s) => `${cap(s.np)} were silent about failures.`),
  t('normal', (s) => `${cap(s.np)} looked normal.`),
  t('normal', (s) => `${cap(s.np)} were stable and nominal.`),
  t('absence', (s) => `We saw a lack of errors in ${s.np}.`),
  t('normal', (s) => `The error rate in ${s.np} was flat.`),
  t('normal', (s) => `Nothing out of the ordinary in ${s.np}.`),
  t('absence', (s) => `${cap(s.np)} had no failures.`),
  t('absence', (s) => `No errors were found in ${s.np}.`),
  t('absence', (s) => `Errors were absent from ${s.np}.`),
  t('normal', (s) => `${cap(s.np)} were fine.`),
  t('absence', (s) => `Not a single error in ${s.np}.`),
  t('absence', (s) => `${cap(s.np)} did not show any errors.`),
  t('absence', (s) => `We did not see errors in ${s.np}.`),
  t('normal', (s) => `${cap(s.np)} contain no unusual entries.`),
  t('normal', (s) => `${cap(s.np)}: all clear.`),
  t('baseline', (s) => `${cap(s.np)} were in line with the baseline.`),
  t('baseline', (s) => `Errors in ${s.np} were no higher than yesterday.`),
  t('baseline', (s) => `Only a handful of errors appeared in ${s.np}, as usual.`),
];

/** Table cells: [subject cell, observation cell]. */
export const CELLS: readonly { tone: Tone; cell: string }[] = [
  { tone: 'normal', cell: 'nothing unusual' },
  { tone: 'absence', cell: 'clean' },
  { tone: 'absence', cell: 'no errors' },
  { tone: 'absence', cell: 'none' },
  { tone: 'absence', cell: '0 errors' },
  { tone: 'normal', cell: 'normal' },
  { tone: 'normal', cell: 'quiet' },
  { tone: 'baseline', cell: 'within the usual range' },
  { tone: 'absence', cell: 'error-free' },
  { tone: 'normal', cell: 'healthy' },
];

/** Two sentences, the subject in the first, the absence in the second. */
export const CROSS_SENTENCE: readonly Template[] = [
  t('absence', (s) => `${cap(s.np)} were checked. None found.`),
  t('normal', (s) => `We looked at ${s.np}. Nothing unusual.`),
  t('absence', (s) => `${cap(s.np)} were reviewed. No errors.`),
  t('absence', (s) => `We checked ${s.np} for errors. There were none.`),
  t('absence', (s) => `${cap(s.np)}: reviewed. Clean.`),
  t('normal', (s) => `As for ${s.np}, we searched them. Nothing stood out.`),
  t(
    'normal',
    (s) => `The ${s.v} ${s.source === 'logs' ? 'error stream' : 'series'} was examined. It was quiet.`,
  ),
  t('baseline', (s) => `${cap(s.np)} were compared with last week. No worse.`),
  t('absence', (s) => `${cap(s.np)} were queried, and nothing turned up.`),
  t('baseline', (s) => `Then ${s.np}. Within the usual range.`),
];

/** A gap clause (its own clause is honest) about a subject the trace did not measure. */
export const GAP_CLAUSES: readonly ((s: Named) => string)[] = [
  (s) => `the ${s.v} ${s.source} query failed`,
  (s) => `we could not read ${s.np}`,
  (s) => `${s.np} are unknown because their query failed`,
  (s) => `${s.np} are missing from the evidence`,
  (s) => `the query for ${s.np} returned a failed envelope`,
];

export const CONNECTORS: readonly string[] = [', but ', '; ', ', while ', ', whereas ', ', and ', '. '];

/** Hedged honest gaps: each says the subject was not measured, in different words. */
export const HEDGES: readonly ((s: Named) => string)[] = [
  (s) => `${cap(s.np)} could not be read: the query failed.`,
  (s) => `Whether ${s.np} hold errors is unknown: the query appears to have failed.`,
  (s) => `We were unable to query ${s.np}, so their state is undetermined.`,
  (s) => `${cap(s.np)} are missing from the evidence: every query about them failed.`,
  (s) => `The query for ${s.np} appears to have failed; what they hold is unknown.`,
  (s) => `No data came back for ${s.np}: the query failed.`,
  (s) => `${cap(s.np)}: unknown (the query failed).`,
  (s) => `It appears the ${s.v} ${s.source} query failed, so ${s.np} remain unmeasured.`,
  (s) => `${cap(s.np)} were not measurable because the backend returned a failure.`,
  (s) => `We could not confirm whether ${s.np} contain errors; the query failed.`,
  (s) => `${cap(s.np)} were unavailable (the query errored), so this is a gap, not a negative.`,
];

/** Negated normality: a claim of trouble, about a measured subject. */
export const NEGATED_NORMAL: readonly ((s: Named) => string)[] = [
  (s) => `${cap(s.np)} were not healthy.`,
  (s) => `${cap(s.np)} were far from normal.`,
  (s) => `${cap(s.np)} were anything but quiet.`,
  (s) => `${cap(s.np)} were not clean.`,
  (s) => `${cap(s.np)} were no longer stable.`,
  (s) => `Nothing about ${s.np} looked normal.`,
  (s) => `There was no doubt that ${s.np} showed trouble.`,
];

/** Blanket absence naming no subject (unlinked) and naming only a source. */
export const BLANKET: readonly string[] = [
  'No errors found.',
  'Nothing unusual was found.',
  'Everything else looked normal.',
  'No anomalies detected anywhere.',
  'All other signals were clean.',
  'Nothing abnormal.',
  'No issues.',
  'Everything was quiet.',
];
export const SOURCE_BLANKET: Record<Source, readonly string[]> = {
  logs: [
    'No errors in the logs.',
    'The logs looked clean.',
    'Nothing unusual in the logs.',
    'Loki showed no errors.',
  ],
  metrics: [
    'No errors in the metrics.',
    'The metrics looked normal.',
    'Nothing unusual in the dashboards.',
    'Prometheus showed no anomalies.',
  ],
};

export type Lang = 'es' | 'de' | 'fr' | 'pt';

interface Foreign {
  lead: string;
  np(v: string, source: Source): string;
  templates: readonly { tone: Tone; logsOnly?: boolean; render(np: string, v: string): string }[];
}

const f = (tone: Tone, render: (np: string, v: string) => string, logsOnly = false) => ({
  tone,
  render,
  logsOnly,
});

/** Spanish, German, French, Portuguese: a neutral lead sentence (so the field reads as the language) and claims. */
export const FOREIGN: Record<Lang, Foreign> = {
  es: {
    lead: 'Revisamos el incidente con las consultas citadas.',
    np: (v, s) => (s === 'logs' ? `los logs de ${v}` : `los datos de métricas de ${v}`),
    templates: [
      f('absence', (np) => `No hay errores en ${np}.`),
      f('absence', (np) => `No se encontraron errores en ${np}.`),
      f('absence', (np) => `${cap(np)} están limpios.`),
      f('normal', (np) => `${cap(np)} no muestran nada inusual.`),
      f('normal', (_np, v) => `Nada anormal en el flujo de errores de ${v}.`, true),
      f('baseline', (np) => `${cap(np)} están dentro del rango habitual.`),
      f('normal', (np) => `${cap(np)} no están peor que la semana pasada.`),
    ],
  },
  de: {
    lead: 'Wir haben den Vorfall mit den zitierten Abfragen untersucht.',
    np: (v, s) => (s === 'logs' ? `die Logs von ${v}` : `die Metrikdaten von ${v}`),
    templates: [
      f('absence', (_np, v) => `Keine Fehler in den ${v}-Logs.`, true),
      f('absence', (np) => `In ${np.replace(/^die/, 'den')} wurden keine Fehler gefunden.`),
      f('absence', (np) => `${cap(np)} sind fehlerfrei.`),
      f('normal', (np) => `${cap(np)} zeigen nichts Ungewöhnliches.`),
      f('normal', (_np, v) => `Nichts Auffälliges im Fehlerstrom von ${v}.`, true),
      f('baseline', (np) => `${cap(np)} liegen im üblichen Bereich.`),
      f('normal', (np) => `${cap(np)} sind nicht schlechter als letzte Woche.`),
    ],
  },
  fr: {
    lead: "Nous avons examiné l'incident avec les requêtes citées.",
    np: (v, s) => (s === 'logs' ? `les logs de ${v}` : `les données de métriques de ${v}`),
    templates: [
      f('absence', (np) => `Aucune erreur dans ${np}.`),
      f('absence', (_np, v) => `Pas d'erreur dans les journaux de ${v}.`, true),
      f('absence', (np) => `${cap(np)} sont propres.`),
      f('normal', (np) => `${cap(np)} ne montrent rien d'inhabituel.`),
      f('normal', (_np, v) => `Rien d'anormal dans le flux d'erreurs de ${v}.`, true),
      f('baseline', (np) => `${cap(np)} restent dans la plage habituelle.`),
      f('normal', (np) => `${cap(np)} ne sont pas pires que la semaine dernière.`),
    ],
  },
  pt: {
    lead: 'Analisamos o incidente com as consultas citadas.',
    np: (v, s) => (s === 'logs' ? `os logs de ${v}` : `os dados de métricas de ${v}`),
    templates: [
      f('absence', (np) => `Nenhum erro n${np}.`),
      f('absence', (np) => `Não foram encontrados erros n${np}.`),
      f('absence', (np) => `${cap(np)} estão limpos.`),
      f('normal', (np) => `${cap(np)} não mostram nada incomum.`),
      f('normal', (_np, v) => `Nada de anormal no fluxo de erros de ${v}.`, true),
      f('baseline', (np) => `${cap(np)} estão dentro da faixa habitual.`),
      f('normal', (np) => `${cap(np)} não estão piores que na semana passada.`),
    ],
  },
};

/** Languages the rules do not read: an absence claim about `v`, and a neutral (claim-free) report. */
export const UNREADABLE: Record<string, { claim(v: string): string; neutral: string }> = {
  it: {
    claim: (v) =>
      `Abbiamo controllato i log di ${v}. Nessun errore trovato e niente di insolito nell'ultima ora.`,
    neutral:
      "Abbiamo misurato il tasso di errori del servizio durante l'incidente. I valori sono riportati nelle misure, con le chiamate citate.",
  },
  nl: {
    claim: (v) =>
      `We hebben de logs van ${v} bekeken. Er zijn geen fouten gevonden en niets ongewoons in het afgelopen uur.`,
    neutral:
      'We hebben het foutpercentage van de dienst tijdens het incident gemeten. De waarden staan bij de metingen, met de geciteerde aanroepen.',
  },
  pl: {
    claim: (v) =>
      `Sprawdziliśmy logi usługi ${v}. Nie znaleziono żadnych błędów ani niczego nietypowego w ostatniej godzinie.`,
    neutral:
      'Zmierzyliśmy odsetek błędów usługi podczas incydentu. Wartości podano przy pomiarach, razem z cytowanymi wywołaniami.',
  },
  sv: {
    claim: (v) =>
      `Vi kontrollerade loggarna för ${v}. Inga fel hittades och inget ovanligt under den senaste timmen.`,
    neutral:
      'Vi mätte tjänstens felfrekvens under incidenten. Värdena anges vid mätningarna, med de citerade anropen.',
  },
  cs: {
    claim: (v) =>
      `Zkontrolovali jsme logy služby ${v}. Nebyly nalezeny žádné chyby ani nic neobvyklého za poslední hodinu.`,
    neutral:
      'Během incidentu jsme změřili chybovost služby. Hodnoty jsou uvedeny u měření spolu s citovanými voláními.',
  },
  tr: {
    claim: (v) =>
      `${v} loglarını kontrol ettik. Son bir saatte hiçbir hata ve olağandışı bir şey bulunamadı.`,
    neutral:
      'Olay sırasında servisin hata oranını ölçtük. Değerler, alıntılanan çağrılarla birlikte ölçümlerde verilmiştir.',
  },
};

/** Positive claims resting on context: `{X}` a measured thing, `{N} {U}` a number and unit. */
export const CONTEXT_CLAIMS: readonly ((x: string, n: number, u: string, skill: string) => string)[] = [
  (x, n, u) => `The runbook says the ${x} holds about ${n} ${u}.`,
  (x, n, u) => `According to the runbook, the ${x} is about ${n} ${u}.`,
  (x, n, u, skill) => `The ${skill} skill states that the ${x} reaches ${n} ${u}.`,
  (x, n, u) => `Per the documentation, the ${x} sits at ${n} ${u}.`,
  (x, n, u) => `The notes say the ${x} was ${n} ${u}.`,
  (x, n, u) => `As the runbook puts it, the ${x} peaks near ${n} ${u}.`,
  (x, n, u) => `The wiki page for this service lists the ${x} at ${n} ${u}.`,
  () => 'The runbook says the queue holds about 400 items.',
  (x, n, u, skill) => `From the ${skill} text: the ${x} is ${n} ${u}.`,
];

/** Confusable letters (Unicode TR39 skeletons map them to ASCII) and fullwidth forms (NFKC). */
const CYRILLIC: Record<string, string> = {
  a: '\u0430',
  e: '\u0435',
  o: '\u043e',
  p: '\u0440',
  c: '\u0441',
  x: '\u0445',
  y: '\u0443',
  i: '\u0456',
};
const ABSENCE_WORDS =
  /\b(no|not|nothing|none|normal|clean|healthy|quiet|unusual|abnormal|errors?|free|fine|absent|lack)\b/i;

export function cyrillicIn(word: string): string {
  return [...word].map((ch) => CYRILLIC[ch] ?? ch).join('');
}

/** Variants of `s` whose absence word or subject is spelt with lookalike letters. */
export function confusableVariants(s: string, subject: string): { how: string; text: string }[] {
  const out: { how: string; text: string }[] = [];
  const add = (how: string, text: string) => {
    if (text !== s && !out.some((o) => o.text === text)) out.push({ how, text });
  };
  add('Greek omicron in "no"', s.replace(/\b([Nn])o(?=\b|thing|ne|t\b)/, '$1\u03bf'));
  add('Greek capital Nu', s.replace(/\bN(?=o)/, '\u039d'));
  const m = ABSENCE_WORDS.exec(s);
  if (m) {
    add(`Cyrillic letters in "${m[0]}"`, s.replace(m[0], cyrillicIn(m[0])));
    add(`fullwidth "${m[0]}"`, s.replace(m[0], [...m[0]].map((ch) => fullwidth(ch)).join('')));
  }
  if (s.includes(subject)) {
    add(`Cyrillic letters in "${subject}"`, s.replace(subject, cyrillicIn(subject)));
    if (m) add('Cyrillic in both', s.replace(subject, cyrillicIn(subject)).replace(m[0], cyrillicIn(m[0])));
  }
  return out;
}

function fullwidth(ch: string): string {
  const c = ch.charCodeAt(0);
  return c >= 0x21 && c <= 0x7e ? String.fromCharCode(c + 0xfee0) : ch;
}

/** Markdown around a claim sentence: the rules read the text under the markup. */
export function markdownVariants(s: string, n: Named): { how: string; text: string }[] {
  const m = ABSENCE_WORDS.exec(s);
  const w = m?.[0];
  const out = [
    { how: 'bold sentence', text: `**${s}**` },
    { how: 'italic sentence', text: `*${s}*` },
    { how: 'heading', text: `# ${s.replace(/\.$/, '')}` },
    { how: 'block quote', text: `> ${s}` },
    { how: 'subject in backticks', text: s.replace(n.v, `\`${n.v}\``) },
    { how: 'heading then a bare line', text: `### ${cap(n.np)}\nNothing unusual.` },
    { how: 'task list', text: `- [x] ${cap(n.np)}: **clean**` },
  ];
  if (w) {
    out.push({ how: `bold "${w}"`, text: s.replace(w, `**${w}**`) });
    out.push({ how: `underscore-italic "${w}"`, text: s.replace(w, `_${w}_`) });
  }
  return out.filter((o, i) => out.findIndex((x) => x.text === o.text) === i && o.text !== s);
}

/** Zero in every written form; `tiny` forms only where they round to zero at the measurement's scale. */
export const ZERO_FORMS: readonly { text: string; tiny?: boolean }[] = [
  { text: '0' },
  { text: '0.0' },
  { text: '0.00' },
  { text: '0%' },
  { text: 'zero' },
  { text: 'nil' },
  { text: 'none' },
  { text: '1e-7', tiny: true },
  { text: '0.0000001', tiny: true },
];

export const NUMBER_TEMPLATES: readonly ((p: string, np: string, z: string) => string)[] = [
  (p, np, z) => `${cap(p)} in ${np}: ${z}.`,
  (p, _np, z) => `Count of ${p}: ${z}.`,
  (p, np, z) => `${cap(np)} showed ${z} ${p}.`,
  (p, _np, z) => `${cap(p)}: ${z} over the last hour.`,
];
