/**
 * `gate-effect` rules: the paired effect of `treatment` over `control` (scoring/aggregate.ts) on
 * one figure, held against `min`/`max`, per seat pooled over the selected goldens or per golden ×
 * seat. The scorecard's own all-over-none effects are used as they are; any other pair of gate
 * sets, or a pool over some goldens only, is computed from the trials with the same seeded resampling.
 */
import type { AssertRule, EffectFigure } from '../../formats/assert.js';
import { gateEffects, seatGateEffects } from '../aggregate.js';
import { f2 } from '../figures.js';
import type { EffectEstimate, EffectFigures } from '../types.js';
import {
  describeSelection,
  type Input,
  type Judged,
  listed,
  nothingSelected,
  plannedRows,
  select,
} from './select.js';

type Rule = AssertRule & { type: 'gate-effect' };
const WORDS: Record<EffectFigure, string> = {
  passRate: 'pass rate',
  correctness: 'mean correctness',
  honestyFailRate: 'honesty-failing share',
  wallP50Ms: 'wall p50 (ms)',
  tokens: 'mean tokens',
};

/** Signed like the gate-effect table (reporters/effects.ts): `+` on a gain, the value, its interval. */
const sign = (x: number, t: string): string => (x > 0 ? `+${t}` : t);
const fmt = (figure: EffectFigure, x: number): string =>
  figure === 'wallP50Ms' || figure === 'tokens' ? sign(Math.round(x), String(Math.round(x))) : sign(x, f2(x));

function bound(rule: Rule): string {
  const parts: string[] = [];
  if (rule.min !== undefined) parts.push(`≥ ${rule.min}`);
  if (rule.max !== undefined) parts.push(`≤ ${rule.max}`);
  return parts.join(' and ');
}

type Effect = EffectFigures & { seat: string; golden?: string; pairs: number };
/** What one effect is about: a seat (pooled), or a golden × seat. */
type Unit = { seat: string; golden?: string };

/** Effects of the rule's gate sets over the selected goldens, pooled per seat or per golden × seat. */
function effectsOf(sc: Input, rule: Rule, goldens: Set<string>, everyGolden: boolean): Effect[] {
  const standard = rule.treatment === 'all' && rule.control === 'none';
  const trials = sc.trials.filter((t) => goldens.has(t.golden));
  const seed = sc.run.seed;
  if (rule.per === 'golden') {
    const all = standard ? sc.gateEffects : gateEffects(trials, seed, rule.treatment, rule.control);
    return all.filter((e) => goldens.has(e.golden));
  }
  if (standard && everyGolden) return sc.seatGateEffects;
  return seatGateEffects(trials, seed, rule.treatment, rule.control);
}

/**
 * The seats (or golden × seat cells) the rule selects among the planned configured seats, and the
 * goldens whose trials it pools. A selected seat without pairs (skipped, unscored, not run) is a
 * unit like any other: it breaks the rule, since the effect it asks for was not shown.
 */
function unitsOf(sc: Input, rule: Rule, partial: boolean): { units: Unit[]; goldens: Set<string> } | string {
  const planned = plannedRows(sc);
  const missing = [rule.treatment, rule.control].filter((g) => !planned.some((c) => c.gateSet === g));
  if (missing.length) return `${missing.map((g) => `gate set "${g}"`).join(' and ')} not in the run`;
  const sel = select(planned, { seats: rule.seats, goldens: rule.goldens });
  const empty = nothingSelected(sel, 'row', partial);
  if (empty) return empty;
  const goldens = new Set(sel.items.map((c) => c.golden));
  const key = (u: Unit) => (rule.per === 'golden' ? `${u.golden}\u0000${u.seat}` : u.seat);
  const units = new Map<string, Unit>();
  for (const c of sel.items)
    units.set(key(c), rule.per === 'golden' ? { seat: c.seat, golden: c.golden } : { seat: c.seat });
  return { units: [...units.values()], goldens };
}

export function judgeEffect(sc: Input, rule: Rule, partial = false): Judged {
  const per = rule.per === 'golden' ? 'per golden' : 'per seat, pooled over goldens';
  const words = `Δ ${WORDS[rule.figure]} of ${rule.treatment} over ${rule.control} ${bound(rule)} ${per} (${describeSelection(rule, false)})`;
  const chosen = unitsOf(sc, rule, partial);
  if (typeof chosen === 'string') return { rule: words, passed: false, detail: chosen, empty: true };
  const { units, goldens } = chosen;
  const effects = effectsOf(sc, rule, goldens, rule.goldens === undefined);
  const find = (u: Unit) => effects.find((e) => e.seat === u.seat && (!u.golden || e.golden === u.golden));
  const label = (u: Unit) => `${u.golden ? `${u.golden} × ` : ''}${u.seat}`;
  const show = (e: Effect): string => {
    const est: EffectEstimate = e[rule.figure];
    const ci = est.ci95 ? ` [${fmt(rule.figure, est.ci95.lo)}, ${fmt(rule.figure, est.ci95.hi)}]` : '';
    return `${label(e)}: ${fmt(rule.figure, est.delta)}${ci} (${e.pairs} pairs)`;
  };
  const ok = (d: number) =>
    (rule.min === undefined || d >= rule.min) && (rule.max === undefined || d <= rule.max);
  const judged = units.map((u) => ({ u, e: find(u) }));
  const broken = judged.filter(({ e }) => !e || !ok(e[rule.figure].delta));
  const text = ({ u, e }: { u: Unit; e?: Effect }): string =>
    e ? show(e) : `${label(u)}: ${noPairs(sc, rule, u.seat)}`;
  if (!broken.length) return { rule: words, passed: true, detail: listed(judged.map(text)) };
  // a per-golden effect is about the treatment's cell of that golden × seat; a pooled one about no one cell
  const cells = broken.flatMap(({ u }) =>
    u.golden ? [{ golden: u.golden, seat: u.seat, gateSet: rule.treatment }] : [],
  );
  return {
    rule: words,
    passed: false,
    detail: `${broken.length} of ${units.length} break it: ${listed(broken.map(text))}`,
    cells,
  };
}

function noPairs(sc: Input, rule: Rule, seat: string): string {
  const skipped = sc.skipped.find((s) => s.seat === seat);
  if (skipped) return `no pairs (seat skipped: ${skipped.reason})`;
  return `no scored trials paired under ${rule.treatment} and ${rule.control}`;
}
