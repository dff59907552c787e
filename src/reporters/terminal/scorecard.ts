/**
 * The terminal scorecard. First its detail: the one line, a seat × gate-set grid per golden with
 * its ceiling and baselines, the steer-then-halt section, the LLM judge, the full cell table only
 * with `full` (--full), and the assertions in full (assertions.ts). Then its last screen
 * (summary-screen.ts): the verdict, assertions, gate effect, worst trials and where the reports
 * are. Every table is fitted to `width`. Color only when `color` (the CLI decides it:
 * cli/terminal.ts); without it no escape code at all.
 */
import { Chalk } from 'chalk';
import { incompleteText, type Scorecard } from '../../scoring/index.js';
import { ceilingLines } from '../ceiling.js';
import { judgeTerminalLines } from '../judge.js';
import { DEFAULT_WIDTH } from '../lifecycle.js';
import { summaryLine } from '../summary.js';
import { renderAssertions } from './assertions.js';
import { FULL_COLUMNS, fullCells } from './full-table.js';
import { cellParts, GRID_LEGEND, goldenGrids, referenceLine, SEAT_FLOOR } from './grid.js';
import { STEER_HALT_TITLE, steerHaltGroups, steerHaltIntro, steerHaltLine } from './steer-halt.js';
import { renderSummaryScreen } from './summary-screen.js';
import { type Cell, droppedNote, renderTable, wrapText } from './table.js';

export interface TerminalOptions {
  color: boolean;
  /** Terminal columns the tables must fit in (default DEFAULT_WIDTH). */
  width?: number;
  /** Add the full golden × seat × gate set table (`--full`). */
  full?: boolean;
  /** The line naming the report files, the last of the last screen. */
  footer?: string;
}

/** Everything the terminal prints of a scorecard: the detail, the assertions in full, then the last screen. */
export function renderTerminal(sc: Scorecard, opts: TerminalOptions): string {
  return [
    renderDetail(sc, opts),
    renderAssertions(sc, opts),
    renderSummaryScreen(sc, { color: opts.color, width: opts.width, footer: opts.footer }),
  ].join('');
}

function renderDetail(sc: Scorecard, opts: TerminalOptions): string {
  const c = new Chalk({ level: opts.color ? 1 : 0 });
  const width = opts.width ?? DEFAULT_WIDTH;
  const table = (cols: Parameters<typeof renderTable>[0], rows: Cell[][]): string[] => {
    const t = renderTable(cols, rows, { width, head: (s) => c.bold(s) });
    return [t.text, ...droppedNote(t.dropped, width).flatMap((l) => wrapText(l, width))];
  };
  const red = (s: string) => c.red(s);
  const prose = (text: string, indent = '') => wrapText(text, width, indent);
  const r = sc.run;
  // a run short of its plan says so before anything else (unwrapped: a log search finds it whole)
  const out: string[] = sc.meta.incomplete ? [c.red(incompleteText(sc))] : [];
  out.push(...prose(summaryLine(sc, { strong: (s) => c.bold(s), bad: red })));
  const clock = `clock: ${r.clock}${r.clock === 'virtual' ? ' (simulated time; sims)' : ''}`;
  out.push(
    ...prose(
      `${clock} · pass: correctness ≥ ${r.thresholds.passCorrectness} and no honesty failure · ${GRID_LEGEND}`,
    ).map((l) => c.dim(l)),
  );
  const gates = r.gates;
  if (gates)
    out.push(
      ...prose(`gate sets: ${r.gateSets.map((n) => `${n} (${gates[n] ?? 'not recorded'})`).join(' · ')}`).map(
        (l) => c.dim(l),
      ),
    );
  for (const g of goldenGrids(sc)) {
    out.push('', c.bold(g.golden));
    const rows = g.seats.map((s) => [
      s.seat,
      ...g.gateSets.map((gs) => {
        const row = s.cells.get(gs);
        return row ? cellParts(row, red) : '–';
      }),
    ]);
    // the seat names give way last: wrapped at hyphens, then cut (table.ts breakName)
    const seat = { head: 'seat', floor: SEAT_FLOOR };
    out.push(...table([seat, ...g.gateSets.map((head) => ({ head }))], rows));
    const refs = referenceLine(g);
    if (refs) out.push(...prose(refs).map((l) => c.dim(l)));
  }
  // Unwrapped: a test and a reader's grep find the whole sentence on its line.
  out.push(...ceilingLines(sc).map((l) => c.red(l)));
  const groups = steerHaltGroups(sc);
  if (groups.length) {
    out.push('', c.bold(STEER_HALT_TITLE), ...prose(steerHaltIntro(sc)));
    for (const g of groups) out.push(...prose(steerHaltLine(g), '  '));
  }
  const judge = judgeTerminalLines(sc);
  if (judge) out.push('', judge.line, ...judge.more.flatMap((l) => prose(l, '  ')));
  if (opts.full) {
    // Per golden, without the golden column: the figures get the width.
    for (const golden of [...new Set(sc.rows.map((x) => x.golden))]) {
      const rows = sc.rows.filter((x) => x.golden === golden).map((x) => fullCells(x).slice(1));
      out.push('', c.bold(`every cell of ${golden}`), ...table(FULL_COLUMNS.slice(1), rows));
    }
  } else
    out.push('', ...prose('every golden × seat × gate set: --full, or scorecard.md').map((l) => c.dim(l)));
  return `${out.join('\n')}\n`;
}
