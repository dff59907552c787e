/**
 * A gap named in words: "the 1h checkout logs query was refused as too long" names a failed call
 * when it names the call's subject (a measurement, a label value or a term of the world the call
 * read) together with its failure, and exactly such a call exists: one about that subject that
 * gave nothing, with that kind of failure, over that window when the words give one.
 */

import { isAbout } from './about.js';
import type { EvidenceCall } from './calls.js';
import type { Linker } from './claims/index.js';
import { detectLanguage, fold, normalizeText } from './claims/index.js';
import { durationMs } from './from-trace.js';

type FailureKind = 'refused' | 'timeout' | 'empty' | 'failed';

const KINDS: [FailureKind, RegExp][] = [
  [
    'refused',
    /\b(?:refus\w*|reject\w*|too\s+(?:long|large|big|wide|many|expensive)|limit\w*|exceed\w*|max(?:imum)?\s+query|rechaz\w*|abgelehnt|zu\s+lang|trop\s+long\w*|recusad\w*|rejeitad\w*|demasiado\s+larg\w*|longa\s+demais|bad[_\s]data|invalid|parse\s+error)/,
  ],
  [
    'timeout',
    /\b(?:time[ds]?[\s-]*out|timeouts?|deadline|took\s+too\s+long|tiempo\s+de\s+espera|zeituberschreitung|delai\s+depasse|tempo\s+esgotado|expir\w*)/,
  ],
  [
    'empty',
    /\b(?:empty|no\s+(?:data|results?|series|streams?|lines?)|nothing|returned\s+nothing|came\s+back\s+empty|vaci\w*|leer|vide|vazi\w*)\b/,
  ],
  [
    'failed',
    /\b(?:fail\w*|error\w*|errored|broke\w*|5\d\d|unavailable|fall\w*|fehl\w*|echou\w*|echec|falh\w*)/,
  ],
];

function fits(kind: FailureKind, c: EvidenceCall): boolean {
  const err = (c.error ?? '').toLowerCase();
  switch (kind) {
    case 'refused':
      return (
        c.outcome === 'rejected' ||
        /limit|too (?:long|large|many)|exceed|max|refus|reject|bad_data|parse/.test(err)
      );
    case 'timeout':
      return c.outcome === 'error' || /timeout|timed out|deadline|canceled|cancelled/.test(err);
    case 'empty':
      return c.outcome === 'empty';
    case 'failed':
      // A clean empty answered: it is a measurement (a measured empty), not a failure.
      return c.outcome !== 'ok' && (c.outcome !== 'empty' || c.reallyFailed || !c.ran);
  }
}

/** Windows written in words: `1h`, `30m`, `40 minutes`, `the last hour`, `an hour`. */
function windowsOf(folded: string): number[] {
  const out: number[] = [];
  for (const m of folded.matchAll(/(?<![\w.])(\d+(?:\.\d+)?)\s*(ms|s|m|h|d|w)(?![a-z])/g)) {
    const ms = durationMs(`${m[1]}${m[2]}`);
    if (ms !== undefined) out.push(ms);
  }
  for (const m of folded.matchAll(
    /(?<![\w.])(\d+(?:\.\d+)?)\s*(seconds?|minutes?|mins?|hours?|hrs?|days?)\b/g,
  )) {
    const unit = m[2].startsWith('s') ? 's' : m[2].startsWith('m') ? 'm' : m[2].startsWith('h') ? 'h' : 'd';
    const ms = durationMs(`${m[1]}${unit}`);
    if (ms !== undefined) out.push(ms);
  }
  if (/\b(?:an|one|the\s+last|last|past|the\s+past)\s+hour\b/.test(folded)) out.push(3_600_000);
  return out;
}

/**
 * The latest call among `calls` (already filtered to what the gap may name) that `words` name by
 * subject and failure; undefined when the words name none, or name a subject without a failure.
 */
export function callNamedInWords(
  words: string,
  calls: readonly EvidenceCall[],
  link: Linker,
  all: readonly EvidenceCall[] = calls,
): EvidenceCall | undefined {
  const text = normalizeText(words);
  const folded = fold(text);
  const kinds = KINDS.filter(([, re]) => re.test(folded)).map(([k]) => k);
  if (kinds.length === 0) return undefined;
  const subject = link.link({ text, folded, language: detectLanguage(text).language });
  if (subject.measurements.length + subject.values.length + subject.terms.length === 0) return undefined;
  const windows = windowsOf(folded);
  const inSources = (c: EvidenceCall): boolean =>
    subject.sources.length === 0 || (c.source !== undefined && subject.sources.includes(c.source));
  // "The cart logs query" is a query named after cart: when the agent ran one, a wider read that
  // happens to cover cart's stream (`{namespace="catalog"}`) is not it.
  const how = (v: string): 'direct' | 'world' =>
    all.some((c) => c.class === 'live' && inSources(c) && link.aboutValue(c, v, 'direct'))
      ? 'direct'
      : 'world';
  const about = (c: EvidenceCall): boolean => {
    if (subject.sources.length && (c.source === undefined || !subject.sources.includes(c.source)))
      return false;
    // Words may name the measurement while the failed call read it by another selector (a wrong
    // label): the call is named when it reads what the words name, by any of their subjects.
    if (subject.measurements.some((m) => isAbout(c, m))) return true;
    if (subject.values.length && subject.values.every((v) => link.aboutValue(c, v, how(v)))) return true;
    return subject.terms.length > 0 && subject.terms.every((t) => link.aboutTerm(c, t));
  };
  for (let i = calls.length - 1; i >= 0; i--) {
    const c = calls[i];
    if (!about(c) || !kinds.some((k) => fits(k, c))) continue;
    if (
      windows.length &&
      !windows.some((w) => c.windowMs !== undefined && Math.abs(c.windowMs - w) <= w * 0.01)
    )
      continue;
    return c;
  }
  return undefined;
}
