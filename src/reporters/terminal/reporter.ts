/**
 * The terminal reporter: the one layer that prints the scorecard table on stdout (`bench run`,
 * `bench report`, `bench merge`). With every seat skipped there is no table to print; the ceiling
 * lines (which the table carries) and the reason are said instead.
 */
import { incompleteText, rowKind } from '../../scoring/index.js';
import { ceilingLines } from '../ceiling.js';
import type { ReporterContext, ReporterFactory } from '../lifecycle.js';
import { renderAssertions } from './assertions.js';
import { renderTerminal } from './scorecard.js';

export const terminalReporter: ReporterFactory = () => {
  let ctx: ReporterContext | undefined;
  return {
    onRunStart: (_plan, c) => {
      ctx = c;
    },
    onRunEnd: (sc) => {
      if (!sc || !ctx) return;
      const out = ctx.stdout;
      const d = ctx.display;
      const color = d?.color ?? ctx.tty;
      const footer = ctx.footer?.();
      const ranSeats = new Set(sc.trials.filter((t) => rowKind(t.seat) === 'seat').map((t) => t.seat));
      if (ranSeats.size === 0 && sc.skipped.length > 0) {
        if (sc.meta.incomplete) out.write(`${incompleteText(sc)}\n`);
        out.write(`every seat was skipped (${sc.skipped.map((s) => s.seat).join(', ')}): nothing to score\n`);
        // The terminal table carries these lines; with every seat skipped they still must be said.
        for (const line of ceilingLines(sc)) out.write(`${line}\n`);
        out.write(renderAssertions(sc, { color, width: d?.width }));
        if (footer) out.write(`${footer}\n`);
        return;
      }
      // ends with the last screen: what the 40 lines a terminal keeps in view must hold
      out.write(renderTerminal(sc, { color, width: d?.width, full: d?.full, footer }));
    },
  };
};
