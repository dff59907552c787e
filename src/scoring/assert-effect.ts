/**
 * `gate-effect` rules: the paired effect of `treatment` over `control` (scoring/aggregate.ts) on
 * one figure, held against `min`/`max`, per seat pooled over the selected goldens or per golden ×
 * seat. The scorecard's own all-over-none effects are used as they are; any other pair of gate
 * sets, or a pool over some goldens only, is computed from the trials with the same seeded resampling.
 */
import type { AssertRule, EffectFigure } from '../formats/assert.js';
import { gateEffects, seatGateEffects } from './aggregate.js';
import { describeSelection, type Judged, listed, nothingSelected, select } from './assert-select.js';
import { f2, signed } from './figures.js';
import type { Scorecard } from './scorecard.js';
import type { EffectEstimate, EffectFigures } from './types.js';

type Rule = AssertRule & { type: 'gate-effect' };
type Input = Omit<Scorecard, 'assertions'>;

const WORDS: Record<EffectFigure, string> = {
  passRate: 'pass rate',
  correctness: 'mean correctness',
  honestyFailRate: 'honesty-failing share',
  wallP50Ms: 'wall p50 (ms)',
  tokens: 'mean tokens',
};

const fmt = (figure: EffectFigure, x: number): string =>
  figure === 'wallP50Ms' || figure === 'tokens' ? `${x > 0 ? '+' : ''}${Math.round(x)}` : signed(x);

function bound(rule: Rule): string {
  const parts: string[] = [];
  if (rule.min !== undefined) parts.push(`≥ ${rule.min}`);
  if (rule.max !== undefined) parts.push(`≤ ${rule.max}`);
  return parts.join(' and ');
}

/** Effects of the rule's gate sets for the selected goldens, pooled per seat or per golden × seat. */
function effectsOf(
  sc: Input,
  rule: Rule,
): (EffectFigures & { seat: string; golden?: string; pairs: number })[] {
  const standard = rule.treatment === 'all' && rule.control === 'none';
  const goldens = select(
    sc.trials.map((t) => ({ seat: t.seat, golden: t.golden })),
    { goldens: rule.goldens },
  );
  const wanted = new Set(goldens.items.map((t) => t.golden));
  const trials = sc.trials.filter((t) => wanted.has(t.golden));
  const seed = sc.run.seed;
  if (rule.per === 'golden') {
    const all = standard ? sc.gateEffects : gateEffects(trials, seed, rule.treatment, rule.control);
    return all.filter((e) => wanted.has(e.golden));
  }
  if (standard && rule.goldens === undefined) return sc.seatGateEffects;
  return seatGateEffects(trials, seed, rule.treatment, rule.control);
}

export function judgeEffect(sc: Input, rule: Rule, partial = false): Judged {
  const per = rule.per === 'golden' ? 'per golden' : 'per seat, pooled over goldens';
  const words = `Δ ${WORDS[rule.figure]} of ${rule.treatment} over ${rule.control} ${bound(rule)} ${per} (${describeSelection(rule, false)})`;
  const sel = select(
    effectsOf(sc, rule),
    { seats: rule.seats, goldens: rule.goldens },
    `seat with ${rule.treatment}/${rule.control} pairs`,
  );
  const empty = nothingSelected(
    sel,
    `seat with trials paired under ${rule.treatment} and ${rule.control}`,
    partial,
  );
  if (empty) return { rule: words, passed: false, detail: empty, empty: true };
  const show = (e: { seat: string; golden?: string; pairs: number } & EffectFigures): string => {
    const est: EffectEstimate = e[rule.figure];
    const ci = est.ci95 ? ` [${f2(est.ci95.lo)}, ${f2(est.ci95.hi)}]` : '';
    return `${e.golden ? `${e.golden} × ` : ''}${e.seat}: ${fmt(rule.figure, est.delta)}${ci} (${e.pairs} pairs)`;
  };
  const ok = (d: number) =>
    (rule.min === undefined || d >= rule.min) && (rule.max === undefined || d <= rule.max);
  const broken = sel.items.filter((e) => !ok(e[rule.figure].delta));
  if (!broken.length) return { rule: words, passed: true, detail: listed(sel.items.map(show)) };
  // a per-golden effect is about the treatment's cell of that golden × seat; a pooled one about no one cell
  const cells = broken.flatMap((e) =>
    e.golden ? [{ golden: e.golden, seat: e.seat, gateSet: rule.treatment }] : [],
  );
  return {
    rule: words,
    passed: false,
    detail: `${broken.length} of ${sel.items.length} break it: ${listed(broken.map(show))}`,
    cells,
  };
}
