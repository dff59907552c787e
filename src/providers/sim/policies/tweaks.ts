/**
 * The tweaker's repertoire: superficial edits of a query that a stuck agent tries — another label
 * value, a regex instead of an equality, a wider range, a line filter added or removed. They change
 * the text but not the effect, which is exactly what the ledger's fingerprint is built to see.
 */
import type { Source } from '../../../formats/vocabulary.js';
import type { SimRng } from '../rng.js';
import { selectorOf } from '../routes.js';

type Tweak = (q: string, rng: SimRng) => string | undefined;

const changeValue: Tweak = (q, rng) => {
  const sel = selectorOf(q);
  const p = sel?.pairs.find(([, op]) => op === '=');
  if (!sel || !p) return undefined;
  const v = rng.pick([`${p[2]}-svc`, `${p[2]}s`, `${p[2]}-api`, `${p[2]}-prod`, p[2].toUpperCase()]);
  return q.replace(`${p[0]}="${p[2]}"`, `${p[0]}="${v}"`);
};

const toRegex: Tweak = (q) => {
  const p = selectorOf(q)?.pairs.find(([, op]) => op === '=');
  return p ? q.replace(`${p[0]}="${p[2]}"`, `${p[0]}=~"${p[2]}.*"`) : undefined;
};

const widenRange: Tweak = (q, rng) => {
  const m = /\[(\d+)([smh])\]/.exec(q);
  if (!m) return undefined;
  const factor = rng.pick([2, 3, 4]);
  return q.replace(m[0], `[${Number(m[1]) * factor}${m[2]}]`);
};

const dropFilter: Tweak = (q) => {
  const m = /\s*\|[=~]\s*"(?:[^"\\]|\\.)*"/.exec(q);
  return m ? q.replace(m[0], '') : undefined;
};

const addFilter: Tweak = (q, rng) => {
  const sel = selectorOf(q);
  if (!sel || /\|[=~]/.test(q)) return undefined;
  return q.replace(sel.text, `${sel.text} |= "${rng.pick(['error', 'timeout', 'exhausted', 'fail'])}"`);
};

const TWEAKS: Record<Source, Tweak[]> = {
  metrics: [changeValue, widenRange, toRegex],
  logs: [changeValue, widenRange, toRegex, addFilter, dropFilter],
};

/**
 * On an empty answer the stuck agent believes the data is there under another value or a longer
 * window: it changes label values and ranges, never the label names (the edits the ledger's
 * empty-shape fingerprint sees through).
 */
const EMPTY_TWEAKS: Tweak[] = [changeValue, widenRange];

/** A variant of `base` not in `tried` (or undefined when the repertoire is spent). */
export function tweak(
  base: string,
  source: Source,
  tried: Set<string>,
  rng: SimRng,
  after: 'failed' | 'empty' = 'failed',
): string | undefined {
  const repertoire = after === 'empty' ? EMPTY_TWEAKS : TWEAKS[source];
  for (let attempt = 0; attempt < 24; attempt++) {
    // Sometimes stack two edits, as a frustrated human does.
    let q = rng.pick(repertoire)(base, rng);
    if (q && rng.next() < 0.4) q = rng.pick(repertoire)(q, rng) ?? q;
    if (q && !tried.has(q)) {
      tried.add(q);
      return q;
    }
  }
  return undefined;
}
