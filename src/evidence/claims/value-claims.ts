/**
 * A number stated in free text against the calls it cites (DESIGN §11: a cited call backs a claim
 * only when it is a live call about the claim's subject and its recorded result shows the claimed
 * value). "Redis memory peaked at 95% of maxmemory (c7)" where c7 showed 0.22, "24 failed self
 * checks (c14)" where c14 failed, "1639 upstream timeouts (c27)" cited to another stream's lines,
 * "2500 slow queries (c17, c18)" where they showed 1495 and 502: none is backed. Rounding as written
 * ("about 1,500", "1.5k" of 1495) is allowed; numbers that are part of what was asked (a window, a
 * status code, a label value of the cited query) are not claimed values.
 */
import { isAbout } from '../about.js';
import { type EvidenceCall, isMeasured, isNotEvidenceClass } from '../calls.js';
import { showsValue, showsValueJointly } from '../values.js';
import { fold } from './fold.js';
import type { Language } from './language.js';
import { numbersIn, type WrittenNumber } from './numbers.js';
import type { Linker, Subject } from './subject.js';

/** Hedges that widen a number to about a tenth of it. */
const ABOUT =
  /\b(?:about|around|roughly|approximately|approx|nearly|almost|some|circa|ca|~|on\s+the\s+order\s+of|etwa|ungefahr|environ|aproximadamente|cerca\s+de|unos|unas)\b|~/;

/** A status code, not a quantity: "503s", "answered 503", "HTTP 500 errors". */
function statusCode(n: WrittenNumber, folded: string): boolean {
  if (n.decimals > 0 || !Number.isInteger(n.value) || n.value < 100 || n.value > 599) return false;
  const at = folded.indexOf(String(n.value));
  if (at < 0) return false;
  const before = folded.slice(Math.max(0, at - 24), at);
  const after = folded.slice(at + String(n.value).length, at + String(n.value).length + 16);
  return (
    /(?:http|status|code|answer\w*|return\w*|serv\w*|threw|gave|respond\w*)\s*$/.test(before) ||
    /^(?:s\b|\s*(?:errors?|responses?|codes?|status)\b)/.test(after)
  );
}

/** Every number a cited query holds, durations in each unit (`[1h]` is 1 h, 60 min, 3600 s). */
function queryNumbers(calls: readonly EvidenceCall[]): Set<number> {
  const out = new Set<number>();
  const unit: Record<string, number> = { ms: 0.001, s: 1, m: 60, h: 3600, d: 86400, w: 604800 };
  for (const c of calls) {
    for (const m of (c.query ?? '').matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h|d|w)?(?![\w])/g)) {
      const v = Number(m[1]);
      out.add(v);
      if (m[2]) {
        const sec = v * unit[m[2]];
        for (const u of [1, 60, 3600, 86400]) out.add(sec / u);
      }
    }
  }
  return out;
}

/** Can this call's answer be checked for a number? A raw log read may hold any number in its lines. */
const checkable = (c: EvidenceCall): boolean => c.values !== undefined || c.outcome === 'empty';

/** The text a number reader sees: query text and call ids are not prose (as polarity.ts reads it). */
const prose = (text: string): string => text.replace(/\{[^{}]*\}/g, ' ').replace(/\bc\d+\b/g, ' ');

/**
 * A clause cut at its citation groups: each piece is the text up to and including one group of
 * ids ("... fell to 6.54 req/s (c3)"), the text after the last group going with it ("c17: 1495").
 * A number is judged against the calls of its own piece.
 */
function pieces(text: string, ids: ReadonlySet<string>): { text: string; cites: string[] }[] {
  const groups: { end: number; cites: string[] }[] = [];
  for (const m of text.matchAll(/(?<![\w-])c\d{1,5}(?:[\s,]+(?:and\s+)?c\d{1,5})*(?![\w-])/g)) {
    const cites = (m[0].match(/c\d{1,5}/g) ?? []).filter((id) => ids.has(id));
    if (cites.length) groups.push({ end: (m.index ?? 0) + m[0].length, cites });
  }
  if (groups.length === 0) return [];
  let start = 0;
  return groups.map((g, i) => {
    const end = i === groups.length - 1 ? text.length : g.end;
    const piece = { text: text.slice(start, end), cites: g.cites };
    start = end;
    return piece;
  });
}

export interface ValueClause {
  text: string;
  folded: string;
  language: Language;
  part?: 'A' | 'B';
}

/**
 * Why the numbers of a value claim are not shown by the calls it cites; undefined when they are
 * (or cannot be checked). `cites` are the ids the clause cites inline.
 */
export function valueUnshown(
  clause: ValueClause,
  cites: readonly string[],
  set: { byId: ReadonlyMap<string, EvidenceCall> },
  link: Linker,
): string | undefined {
  for (const p of pieces(clause.text, new Set(cites))) {
    const folded = fold(p.text);
    const numbers = numbersIn(prose(folded));
    if (numbers.length === 0) continue;
    const subject = link.link({ text: p.text, folded, language: clause.language, part: clause.part });
    const bad = pieceUnshown(numbers, folded, subject, p.cites, set, link);
    if (bad) return bad;
  }
  return undefined;
}

function pieceUnshown(
  numbers: readonly WrittenNumber[],
  folded: string,
  subject: Subject,
  cites: readonly string[],
  set: { byId: ReadonlyMap<string, EvidenceCall> },
  link: Linker,
): string | undefined {
  const cited = cites.map((id) => set.byId.get(id)).filter((c): c is EvidenceCall => c !== undefined);
  const live = cited.filter((c) => !isNotEvidenceClass(c));
  if (live.length === 0) return undefined;
  const measured = live.filter((c) => isMeasured(c));
  if (measured.length === 0)
    return `states ${numbers.map((n) => n.text).join(', ')} on calls that measured nothing (${live
      .map((c) => `${c.id} ${c.reallyFailed ? 'failed' : c.ran ? (c.outcome ?? 'no result') : 'refused'}`)
      .join(', ')})`;
  // The cited calls about what the clause names: a service or stream it names, else a measurement
  // it names (all of them, when it names neither; the world's terms are too loose a tie to judge by).
  const about = measured.filter((c) =>
    subject.values.length
      ? subject.values.some((v) => link.aboutValue(c, v, 'world')) ||
        subject.measurements.some((m) => isAbout(c, m))
      : subject.measurements.length === 0 || subject.measurements.some((m) => isAbout(c, m)),
  );
  if (about.length === 0)
    return `cites ${measured.map((c) => c.id).join(', ')}, which read${measured.length > 1 ? '' : 's'} something else than what it speaks of`;
  const asked = queryNumbers(live);
  const specs = link.specs.filter((m) => about.some((c) => isAbout(c, m)));
  const hedged = ABOUT.test(folded);
  for (const n of numbers) {
    if (n.value === 0 || asked.has(n.value) || statusCode(n, folded)) continue;
    if (!about.some(checkable)) return undefined;
    const trailing = /^\d+$/.test(n.text.replace(/,/g, '')) ? /0*$/.exec(String(n.value))![0].length : 0;
    const rel = hedged ? 0.1 : 0;
    const abs = trailing > 0 ? 0.5 * 10 ** trailing : 0;
    const candidates = /%$/.test(n.text) ? [n.value, n.value / 100] : [n.value];
    const shown = candidates.some((v) => {
      const tol = { abs: Math.max(abs, rel * Math.abs(v)) };
      const at = (m?: { tolerance?: { abs?: number; rel?: number } }) => ({
        tolerance: {
          abs: Math.max(tol.abs, m?.tolerance?.abs ?? 0),
          rel: m?.tolerance?.rel ?? 0,
        },
      });
      const tolerances = specs.length ? specs.map(at) : [at()];
      return tolerances.some((t) => about.some((c) => showsValue(c, v, t)) || showsValueJointly(about, v, t));
    });
    if (!shown)
      return `states ${n.text}, which none of the calls it cites about it (${about.map((c) => c.id).join(', ')}) showed`;
  }
  return undefined;
}
