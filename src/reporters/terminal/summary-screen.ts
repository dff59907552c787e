/**
 * The terminal's last screen: what a run or a report ends with, so that the 40 lines a terminal
 * shows after it hold the answer at 80 columns as at 120: the verdict (the summary line), the
 * assertions (passing ones by name, each failed one with the rows that broke it), the gate effect
 * per seat, the worst trials with why each is listed, and where the reports are. The grids and the
 * assertions in full come before it (scorecard.ts, assertions.ts), the full table behind --full.
 */
import { Chalk } from 'chalk';
import { incompleteText, type Scorecard } from '../../scoring/index.js';
import { EFFECT_COLUMNS, effectDirection, effectParts } from '../effects.js';
import { f2 } from '../format.js';
import { DEFAULT_WIDTH } from '../lifecycle.js';
import { summaryLine } from '../summary.js';
import { ablationLines } from './ablation.js';
import { SEAT_FLOOR } from './grid.js';
import { type Cell, droppedNote, renderTable, wrapText } from './table.js';

export interface SummaryScreenOptions {
  color: boolean;
  width?: number;
  /** The line naming the report files (the run's footer), last. */
  footer?: string;
}

type Paint = InstanceType<typeof Chalk>;

function assertionLines(sc: Scorecard, c: Paint, width: number): string[] {
  const list = sc.assertions ?? [];
  if (!list.length) return [];
  const failed = list.filter((a) => !a.passed && !a.skipped);
  const skipped = list.filter((a) => a.skipped);
  const passed = list.filter((a) => a.passed);
  const head = failed.length
    ? c.red(`assertions: ${failed.length} of ${list.length} failed`)
    : skipped.length
      ? c.yellow(`assertions: ${passed.length} of ${list.length} passed`)
      : c.green(`assertions: all ${list.length} passed`);
  const out = [head];
  // a mark and its name never part at a line's end (a no-break space)
  if (passed.length)
    out.push(...wrapText(passed.map((a) => `${c.green('✓')}\u00a0${a.id}`).join(' '), width, '  '));
  for (const a of failed) out.push(...wrapText(`${c.red('✗')} ${a.id}: ${a.detail}`, width, '  '));
  if (skipped.length)
    out.push(
      ...wrapText(
        `${c.yellow('–')} not judged in this narrowed run: ${skipped.map((a) => a.id).join(', ')} (the full matrix judges them)`,
        width,
        '  ',
      ),
    );
  return out;
}

function effectLines(sc: Scorecard, c: Paint, width: number): string[] {
  const fx = sc.seatGateEffects ?? [];
  if (!fx.length) return [];
  const pairs = [...new Set(fx.map((e) => `${e.treatment} − ${e.control}`))].join(', ');
  const paint = { better: c.green, worse: c.red, unclear: (s: string) => s };
  // One n for every seat (the usual) is said once; otherwise each seat's cell carries its own.
  const ns = [...new Set(fx.map((e) => e.pairs))];
  const rows: Cell[][] = fx.map((e) => [
    ns.length > 1 ? [e.seat, `(n = ${e.pairs})`] : e.seat,
    ...EFFECT_COLUMNS.map(({ key }) =>
      effectParts(key, e[key]).map((p) => paint[effectDirection(key, e[key])](p)),
    ),
  ]);
  const n = ns.length > 1 ? 'n = pairs' : `n = ${ns[0]} pairs`;
  const t = renderTable(
    [
      { head: 'seat', floor: SEAT_FLOOR },
      ...EFFECT_COLUMNS.map(({ head, priority }) => ({ head, priority })),
    ],
    rows,
    { width, head: (s) => c.bold(s) },
  );
  return [
    ...wrapText(
      `gate effect ${pairs} per seat, pooled over its goldens (paired by seed, 95% intervals, ${n})`,
      width,
    ).map((l) => c.bold(l)),
    t.text,
    ...droppedNote(t.dropped, width).flatMap((l) => wrapText(l, width).map((x) => c.dim(x))),
  ];
}

/** The worst trials the last screen has room for; scorecard.md lists every one of `sc.worst`. */
const WORST_SHOWN = 3;
/** The lines a terminal shows after the run: the screen holds the summary line within them. */
const SCREEN_LINES = 40;

function worstLines(sc: Scorecard, c: Paint, width: number, shown = WORST_SHOWN): string[] {
  if (!sc.worst.length) return [];
  const more = sc.worst.length > shown ? `${shown} of ${sc.worst.length}, all in scorecard.md; ` : '';
  const head = `worst trials (${more}bench show DIR/traces/<id>)`;
  const out = wrapText(head, width).map((l) => c.bold(l));
  for (const w of sc.worst.slice(0, shown)) {
    // A trial's folder is traces/<its id> but for a merged or older run: then it is named.
    const dir = w.dir === `traces/${w.id}` ? '' : ` (${w.dir}/)`;
    const honesty = w.honesty ? ` ${c.red(`⚠${w.honesty}`)}` : '';
    const why = w.reason ? `: ${w.reason}` : '';
    out.push(...wrapText(`${w.id}${dir} ${f2(w.correctness)} ${w.verdict}${honesty}${why}`, width, '  '));
  }
  return out;
}

export function renderSummaryScreen(sc: Scorecard, opts: SummaryScreenOptions): string {
  const c = new Chalk({ level: opts.color ? 1 : 0 });
  const width = opts.width ?? DEFAULT_WIDTH;
  // one blank line apart from what precedes it; the sections' bold heads keep them apart
  const out: string[] = [''];
  if (sc.meta.incomplete) out.push(c.red(incompleteText(sc)));
  out.push(...wrapText(summaryLine(sc, { strong: (s) => c.bold(s), bad: (s) => c.red(s) }), width));
  const footer = opts.footer ? wrapText(opts.footer, width) : [];
  const sectionsWith = (shown: number) =>
    [
      assertionLines(sc, c, width),
      effectLines(sc, c, width),
      ablationLines(sc, c, width),
      worstLines(sc, c, width, shown),
      // kept whole, as the ceiling's line: a reader's grep finds the sentence
      sc.skipped.map((s) => `skipped seat ${s.seat}: ${s.reason}`),
    ].filter((s) => s.length);
  // Fewer worst trials (never none) when their wrapped lines would push the summary line off the
  // screen: long trial ids wrap at 80 columns, and scorecard.md lists them all anyway.
  // (an entry may hold a whole rendered table: count the lines, not the entries)
  const count = (xs: string[]) => xs.join('\n').split('\n').length;
  const lines = (shown: number) => count([...out.slice(1), ...sectionsWith(shown).flat(), ...footer]);
  let shown = WORST_SHOWN;
  while (shown > 1 && lines(shown) > SCREEN_LINES) shown--;
  for (const s of sectionsWith(shown)) out.push(...s);
  out.push(...footer);
  return `${out.join('\n')}\n`;
}
