/**
 * The terminal scorecard. cli-table3 writes color codes even when piped unless its style is
 * emptied, so without color the style is empty; chalk is used only when `color` is true (a TTY).
 */
import { Chalk } from 'chalk';
import Table from 'cli-table3';
import type { Scorecard } from '../scoring/index.js';
import { ceilingLines } from './ceiling.js';
import { f2, SUMMARY_HEAD, summaryCells } from './format.js';

export function renderTerminal(sc: Scorecard, opts: { color: boolean }): string {
  const c = new Chalk({ level: opts.color ? 1 : 0 });
  const table = new Table({
    head: SUMMARY_HEAD,
    style: opts.color ? { head: ['cyan'], border: ['grey'] } : { head: [], border: [], compact: false },
  });
  for (const r of sc.rows) {
    const cells = summaryCells(r);
    if (opts.color) {
      cells[4] =
        r.correctness.mean >= sc.run.thresholds.passCorrectness ? c.green(cells[4]) : c.red(cells[4]);
      if (r.honestyTrials > 0) cells[9] = c.red(cells[9]);
      if (r.kind === 'baseline') cells[1] = c.dim(cells[1]);
      if (r.kind === 'ceiling') cells[1] = c.bold(cells[1]);
    }
    table.push(cells);
  }
  const lines = [table.toString()];
  if (sc.gateEffects.length) {
    lines.push('gate effect (all − none, paired by golden, seat and seed):');
    for (const e of sc.gateEffects) {
      const d = e.correctness;
      const iv = d.ci95 ? ` [${f2(d.ci95.lo)}, ${f2(d.ci95.hi)}]` : '';
      lines.push(
        `  ${e.golden} × ${e.seat}: ${d.delta >= 0 ? '+' : ''}${f2(d.delta)}${iv} over ${e.pairs} pairs`,
      );
    }
  }
  for (const a of sc.alerts) lines.push(opts.color ? c.yellow(`alert: ${a}`) : `alert: ${a}`);
  for (const l of ceilingLines(sc)) lines.push(opts.color ? c.red(l) : l);
  for (const s of sc.skipped) lines.push(`skipped seat ${s.seat}: ${s.reason}`);
  lines.push(`clock: ${sc.run.clock}${sc.run.clock === 'virtual' ? ' (simulated time; sims)' : ''}`);
  return `${lines.join('\n')}\n`;
}
