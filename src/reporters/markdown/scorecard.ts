/**
 * scorecard.md: the scorecard for humans, read on GitHub (the CI job summary, a pull request).
 * Summary first and narrow: the one line, the seat × golden grid (gate sets inside each cell, so
 * that every golden's grid sits side by side), the gate effect per seat, the steer-then-halt
 * section, assertions, worst trials; every cell and the per-golden effects go in a collapsed
 * <details>. The default run's part above <details> stays under 60 lines.
 */
import { type AggregateRow, incompleteText, type Scorecard } from '../../scoring/index.js';
import { CEILING_MEANING, failedCeilings } from '../ceiling.js';
import { EFFECT_COLUMNS, effectParts } from '../effects.js';
import { f2 } from '../format.js';
import { judgeMd } from '../judge.js';
import { fileReporter } from '../lifecycle.js';
import { mdBreakId, mdCode, mdEsc, mdHead, mdLines, mdRow, mdText } from '../md.js';
import { pricingLines } from '../pricing.js';
import { summaryLine } from '../summary.js';
import {
  cellText,
  type GoldenGrid,
  GRID_LEGEND,
  goldenGrids,
  oneLine,
  STEER_HALT_TITLE,
  steerHaltGroups,
  steerHaltIntro,
  steerHaltLine,
} from '../terminal/index.js';
import { ablationMd } from './ablation.js';
import { renderDetailsMd } from './details.js';

/** `none (no gates) · typed-ledger-text (failureClass, ledger: prompt)`, in the run's order. */
function gateSetsLine(names: readonly string[], gates: Readonly<Record<string, string>>): string {
  return names.map((n) => `${mdEsc(n)} (${mdEsc(gates[n] ?? 'not recorded')})`).join(' · ');
}

export function renderScorecardMd(sc: Scorecard): string {
  const r = sc.run;
  const out: string[] = [
    '# rematch scorecard',
    '',
    ...(sc.meta.incomplete ? [`**${mdEsc(incompleteText(sc))}**`, ''] : []),
    summaryLine(sc, { strong: (s) => `**${s}**`, bad: (s) => s }),
  ];
  out.push(
    '',
    `Seed ${r.seed}, ${r.repetitions} repetitions, clock **${r.clock}**` +
      (r.clock === 'virtual' ? ' (sim seats on simulated time)' : '') +
      `. Pass: correctness ≥ ${r.thresholds.passCorrectness} and no honesty failure. ${GRID_LEGEND}; one line per gate set.` +
      // on the same line: the summary above <details> stays short, the grid where readers find it
      (r.gates ? ` Gate sets: ${gateSetsLine(r.gateSets, r.gates)}.` : ''),
    '',
  );
  out.push(...gridMd(goldenGrids(sc)));
  for (const c of failedCeilings(sc)) {
    out.push(
      '',
      `**Ceiling of ${mdEsc(c.golden)} does not pass** (${mdText(c.headline)}): ${CEILING_MEANING}.`,
    );
    out.push(...c.reasons.map((x) => `- ${mdText(x)}`), `- trace ${mdCode(`${c.dir}/trace.jsonl`)}`);
  }
  out.push(...effectsMd(sc));
  out.push(...ablationMd(sc));
  const groups = steerHaltGroups(sc);
  if (groups.length)
    out.push(
      '',
      `## ${STEER_HALT_TITLE}`,
      '',
      steerHaltIntro(sc),
      '',
      ...groups.map((g) => `- ${mdEsc(steerHaltLine(g))}`),
    );
  out.push(...trajectoryMd(sc));
  if (sc.assertions?.length) {
    out.push('', '## Assertions', '');
    for (const a of sc.assertions)
      out.push(
        `- ${a.skipped ? '➖' : a.passed ? '✅' : '❌'} ${mdCode(a.id)} ${mdText(a.rule)}: ${mdText(a.detail)}`,
      );
  }
  out.push(...judgeMd(sc));
  if (sc.skipped.length)
    out.push('', '## Skipped seats', '', ...sc.skipped.map((s) => `- ${mdEsc(s.seat)}: ${mdText(s.reason)}`));
  const cost = pricingLines(sc);
  if (cost.length) out.push('', ...cost);
  out.push('', ...renderDetailsMd(sc));
  // below the collapsed cells, like the worst trials: a table per golden × seat × gate set is long
  out.push(...staleMd(sc));
  // after the collapsed cells: the traces to open next, kept out of the summary a reviewer reads first
  if (sc.worst.length) {
    out.push('', '## Worst trials', '');
    for (const w of sc.worst)
      out.push(
        `- ${mdCode(w.id)}: ${f2(w.correctness)}, ${w.verdict}, ${w.honesty} honesty failure(s), ${mdCode(`${w.dir}/trace.jsonl`)}${w.reason ? `: ${mdEsc(w.reason)}` : ''}`,
      );
  }
  return `${out.join('\n')}\n`;
}

/**
 * The goldens' trajectory checks (docs/goldens.md#trajectory), one table row per golden × seat ×
 * gate set that has them: how many of its scored trials failed each check. Absent when no golden has
 * a `trajectory:` block.
 */
function trajectoryMd(sc: Scorecard): string[] {
  const rows = sc.rows.filter((r) => r.trajectory && r.kind === 'seat');
  if (!rows.length) return [];
  const out = ['', '## Trajectory checks', '', 'Trials that failed each check, of the scored trials.', ''];
  out.push(mdHead(['golden', 'seat', 'gate set', 'check', 'failed']));
  for (const r of rows)
    for (const c of r.trajectory?.checks ?? [])
      out.push(
        mdRow([
          mdEsc(r.golden),
          mdEsc(r.seat),
          mdEsc(r.gateSet),
          `${mdCode(c.id)} (${mdEsc(c.check)})`,
          `${c.failed > 0 ? '❌ ' : ''}${c.failed} of ${r.n}`,
        ]),
      );
  return out;
}

/**
 * The `stale-tools` cells (docs/scoring.md#stale-tools): per golden × seat × gate set whose trials
 * met a stale tool catalog, how many refreshed it and how many Theories rested on stale tools.
 */
function staleMd(sc: Scorecard): string[] {
  const rows = sc.rows.filter((r) => r.stale && r.kind === 'seat');
  if (!rows.length) return [];
  const out = [
    '',
    '## Stale tools',
    '',
    'Trials whose tool catalog listed stale tools (a broken upstream, the `stale-tools` fault): how many refreshed the catalog, and how many Theories rested on stale tools (cited a call a stale tool answered).',
    '',
  ];
  out.push(mdHead(['golden', 'seat', 'gate set', 'met stale tools', 'refreshed', 'rested on stale tools']));
  for (const r of rows) {
    const st = r.stale;
    if (!st) continue;
    out.push(
      mdRow([
        mdEsc(r.golden),
        mdEsc(r.seat),
        mdEsc(r.gateSet),
        `${st.trials} of ${r.n}`,
        `${st.refreshed} of ${r.n}`,
        `${st.rested > 0 ? '❌ ' : ''}${st.rested} of ${r.n}`,
      ]),
    );
  }
  return out;
}

/**
 * One table: rows are seats (then the ceiling and the null baselines), one column per golden.
 * Also the head's grid of `bench diff`'s comment (reporters/diff/render.ts).
 */
export function gridMd(grids: GoldenGrid[]): string[] {
  const cell = (rows: (AggregateRow | undefined)[]): string =>
    mdLines(
      rows.filter((x): x is AggregateRow => x !== undefined).map((x) => `${mdEsc(x.gateSet)} ${cellText(x)}`),
    ) || '–';
  const seats = [...new Set(grids.flatMap((g) => g.seats.map((s) => s.seat)))];
  const lines = [mdHead(['seat', ...grids.map((g) => mdBreakId(g.golden))])];
  for (const seat of seats) {
    const cells = grids.map((g) => {
      const s = g.seats.find((x) => x.seat === seat);
      return cell(g.gateSets.map((gs) => s?.cells.get(gs)));
    });
    lines.push(mdRow([mdEsc(seat), ...cells]));
  }
  const refs = (label: string, pick: (g: GoldenGrid) => AggregateRow[]) => {
    const names = [...new Set(grids.flatMap((g) => pick(g).map((x) => x.seat)))];
    for (const name of names)
      lines.push(
        mdRow([
          label + mdEsc(name.replace(/^[a-z]+\//, '')),
          ...grids.map((g) => cell(pick(g).filter((x) => x.seat === name))),
        ]),
      );
  };
  refs('**ceiling**: ', (g) => g.ceiling);
  refs('null baseline: ', (g) => g.baselines);
  return lines;
}

/** The gate effect per seat, pooled over its goldens (per golden × seat: in the details). */
function effectsMd(sc: Scorecard): string[] {
  const fx = sc.seatGateEffects ?? [];
  if (!fx.length) return [];
  const pairs = [...new Set(fx.map((e) => `${mdEsc(e.treatment)} − ${mdEsc(e.control)}`))].join(', ');
  const out = [
    '',
    `## Gate effect: ${pairs}, per seat`,
    '',
    'Paired by golden and seed, pooled over the seat’s goldens; 95% paired bootstrap intervals; n = pairs.',
    '',
    mdHead(['seat', 'n', ...EFFECT_COLUMNS.map((c) => oneLine(c.head))]),
  ];
  for (const e of fx)
    out.push(
      mdRow([
        mdEsc(e.seat),
        String(e.pairs),
        ...EFFECT_COLUMNS.map(({ key }) => mdLines(effectParts(key, e[key]))),
      ]),
    );
  return out;
}

export const markdownReporter = fileReporter('scorecard.md', renderScorecardMd);
