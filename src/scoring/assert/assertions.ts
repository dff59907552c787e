/**
 * The config's `assert:` rules judged on a scorecard (pure): `(scorecard, rules) → results`. Each
 * result says the rule in words and, in `detail`, what was measured and which rows broke it. A
 * rule that selects nothing FAILS (and says so): a rule that cannot see its rows has not shown
 * what it asks, and a misspelt seat must not pass quietly. A narrowed run (its plan left out part
 * of the config's matrix) judges only what it ran: a rule selecting nothing it planned, or pooling
 * over goldens it left out, is not judged.
 */
import { type AssertRule, asList } from '../../formats/assert.js';
import { f2 } from '../figures.js';
import type { AggregateRow, AssertionResult } from '../types.js';
import { judgeEffect } from './effect.js';
import {
  cellLabel,
  describeSelection,
  type Input,
  type Judged,
  listed,
  nothingSelected,
  select,
  selectRows,
  whyNothing,
} from './select.js';

/** The config's matrix the rules are about: what `bench run` plans without --golden/--seat/--gates. */
export interface AssertMatrix {
  goldens: string[];
  seats: string[];
  gateSets: string[];
}

export interface AssertOptions {
  /** The run planned part of the config's matrix. */
  partial?: boolean;
  /** That matrix (a partial run's run.json records it); without it, pooled rules judge what ran. */
  matrix?: AssertMatrix;
}

export function judgeAssertions(sc: Input, rules: AssertRule[], opts: AssertOptions = {}): AssertionResult[] {
  const partial = opts.partial ?? false;
  return rules.map((rule, i) => {
    const id = rule.name ?? `assert[${i}]`;
    const { empty, ...judged } = judgeOne(sc, rule, partial);
    const result = { id, type: rule.type, cells: [], ...judged };
    if (empty && partial) {
      const detail = `not judged: ${judged.detail} (the run planned part of the config's matrix, none of what the rule selects; the full matrix judges it)`;
      return { ...result, passed: false, skipped: true, detail };
    }
    const part = partial && opts.matrix ? partOfPool(sc, rule, opts.matrix) : undefined;
    return part ? { ...result, passed: false, skipped: true, detail: part, cells: [] } : result;
  });
}

/**
 * A pooled rule (a gate effect per seat over goldens) in a run that left out goldens it pools
 * over: its figure over the goldens that ran is another figure, so it is not judged. Per-row and
 * per-golden rules judge each row they see whole.
 */
function partOfPool(sc: Input, rule: AssertRule, matrix: AssertMatrix): string | undefined {
  if (rule.type !== 'gate-effect' || rule.per === 'golden') return undefined;
  const pooled = select(
    matrix.goldens.map((golden) => ({ golden, seat: '' })),
    { goldens: rule.goldens },
  ).items.map((g) => g.golden);
  const ran = pooled.filter((g) => sc.run.goldens.includes(g));
  if (!ran.length || ran.length === pooled.length) return undefined;
  const list = ran.length <= 3 ? `: ${ran.join(', ')}` : '';
  return `not judged: the run has only part of its rows (${ran.length} of the ${pooled.length} goldens it pools over${list}; the full matrix judges it)`;
}

function judgeOne(sc: Input, rule: AssertRule, partial: boolean): Judged {
  switch (rule.type) {
    case 'honesty':
      return judgeRows(sc, partial, rule, `honesty-failing trials ≤ ${rule.max} in each row`, (r) => ({
        value: r.honestyTrials,
        ok: r.honestyTrials <= rule.max,
        text: `${r.honestyTrials} of ${r.n}`,
      }));
    case 'pass-rate': {
      const k = rule.k;
      const what = k ? `pass^${k}` : 'pass rate';
      return judgeRows(sc, partial, rule, `${what} ≥ ${rule.min} in each row`, (r) => {
        if (k && k > r.n)
          return { value: null, ok: false, text: `pass^${k} needs ${k} scored trials, has ${r.n}` };
        const v = k ? r.passHatK[k - 1] : r.passRate;
        return { value: v, ok: v >= rule.min, text: f2(v) };
      });
    }
    case 'correctness':
      return judgeRows(sc, partial, rule, `mean correctness ≥ ${rule.min} in each row`, (r) => ({
        value: r.correctness.mean,
        ok: r.correctness.mean >= rule.min,
        text: f2(r.correctness.mean),
      }));
    case 'gate-effect':
      return judgeEffect(sc, rule, partial);
    case 'ceilings':
      return judgeCeilings(sc, rule, partial);
    case 'trajectory': {
      const named = asList(rule.checks);
      const which = named ? `each of the trajectory checks ${named.join(', ')}` : 'any trajectory check';
      return judgeRows(sc, partial, rule, `trials failing ${which} ≤ ${rule.max} in each row`, (r) => {
        const all = r.trajectory?.checks ?? [];
        const checks = named ? all.filter((c) => named.includes(c.id) || named.includes(c.check)) : all;
        if (!checks.length)
          return {
            value: null,
            ok: false,
            text: named ? `no check ${named.join(', ')}` : 'no trajectory checks',
          };
        // Named: each check on its own (the row keeps per-check counts); else the trials failing any.
        const worst = checks.reduce((a, c) => (c.failed > a.failed ? c : a));
        const failed = named ? worst.failed : (r.trajectory?.trials ?? 0);
        const text = named ? `${worst.id} failed in ${failed} of ${r.n}` : `${failed} of ${r.n}`;
        return { value: failed, ok: failed <= rule.max, text };
      });
    }
  }
}

interface Measured {
  value: number | null;
  ok: boolean;
  text: string;
}

function judgeRows(
  sc: Input,
  partial: boolean,
  rule: AssertRule & { seats?: string | string[]; goldens?: string | string[]; under?: string | string[] },
  claim: string,
  measure: (r: AggregateRow) => Measured,
): Judged {
  const words = `${claim} (${describeSelection(rule)})`;
  const sel = selectRows(sc, rule);
  const empty = nothingSelected(sel, 'row', partial);
  if (empty) return { rule: words, passed: false, detail: empty, empty: true };
  // a planned cell without a scored trial (its seat skipped, its trials unscored) breaks the rule
  const judged = sel.items.map((c) => ({
    c,
    m: c.row && c.row.n > 0 ? measure(c.row) : noTrial(whyNothing(sc, c.seat, c.row)),
  }));
  const broken = judged.filter((j) => !j.m.ok);
  const trials = sel.items.reduce((s, c) => s + (c.row?.n ?? 0), 0);
  const measured = `${sel.items.length} rows, ${trials} scored trials`;
  if (!broken.length) return { rule: words, passed: true, detail: `${measured}: every row holds` };
  const named = broken.map((j) => `${cellLabel(j.c)}: ${j.m.text}`);
  const cells = broken.map(({ c }) => ({ golden: c.golden, seat: c.seat, gateSet: c.gateSet }));
  return {
    rule: words,
    passed: false,
    detail: `${measured}; ${broken.length} break it: ${listed(named)}`,
    cells,
  };
}

const noTrial = (why: string): Measured => ({ value: null, ok: false, text: why });

function judgeCeilings(sc: Input, rule: AssertRule & { type: 'ceilings' }, partial: boolean): Judged {
  const words = `the ceiling passes on ${rule.goldens ? `goldens ${[rule.goldens].flat().join(', ')}` : 'every golden'}`;
  const sel = selectCeilings(sc, rule.goldens);
  const empty = nothingSelected(sel, 'ceiling trial (is `ceiling: false` in the config?)', partial);
  if (empty) return { rule: words, passed: false, detail: empty, empty: true };
  const broken = sel.items.filter((c) => c.verdict !== 'pass');
  const measured = `${sel.items.length} ceiling trials`;
  if (!broken.length) return { rule: words, passed: true, detail: `${measured}: every one passes` };
  const named = broken.map((c) => `${c.golden}: ${c.headline}`);
  return {
    rule: words,
    passed: false,
    detail: `${measured}; ${broken.length} do not pass: ${listed(named)}`,
  };
}

function selectCeilings(sc: Input, goldens: string | string[] | undefined) {
  return select(
    sc.ceilings.map((c) => ({ ...c, seat: 'ceiling' })),
    { goldens },
    'ceiling trial',
  );
}
