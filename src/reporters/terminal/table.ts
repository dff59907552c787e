/**
 * Terminal tables: cli-table3 in its compact style (no rule after every row), fitted to a width
 * by fit.ts. A cell may be given as parts (a value and its interval): they share a line when the
 * column is wide enough and stand one under the other when it is wrapped. cli-table3's own colors
 * are never used (its style is emptied, as it writes codes even when piped); a caller colors cells
 * with chalk, whose level the CLI decided.
 */
import { stripVTControlCharacters } from 'node:util';
import Table from 'cli-table3';
import { type ColumnSpec, fitColumns } from './fit.js';

export type Cell = string | readonly string[];

export interface Column {
  head: Cell;
  /** fit.ts: lowest dropped first; absent: never dropped. */
  priority?: number;
  align?: 'left' | 'right';
  /**
   * A name column (a seat) that may be narrowed down to this many columns when nothing else is
   * left to wrap or drop: its text is broken at hyphens, and a piece still too long is cut with
   * `…`. Absent: never cut.
   */
  floor?: number;
}

export interface TableOptions {
  /** Terminal columns the table must fit in. */
  width: number;
  /** Styles a header cell (bold on a color terminal); identity otherwise. */
  head?: (s: string) => string;
}

/** Display width: escape codes take no room; every code point here is one column wide. */
export const visible = (s: string): number => [...stripVTControlCharacters(s)].length;
const parts = (c: Cell): string[] => (typeof c === 'string' ? [c] : [...c]);
/** A cell on one line: its parts joined by spaces. */
export const oneLine = (c: Cell): string => parts(c).join(' ');

export function columnSpecs(columns: readonly Column[], rows: readonly Cell[][]): ColumnSpec[] {
  return columns.map((col, i) => {
    const cells = [col.head, ...rows.map((r) => r[i] ?? '')];
    return {
      natural: Math.max(...cells.map((c) => visible(oneLine(c)))),
      min: Math.max(...cells.flatMap((c) => parts(c).map(visible))),
      priority: col.priority ?? Number.POSITIVE_INFINITY,
      ...(col.floor === undefined ? {} : { floor: col.floor }),
    };
  });
}

/** The table, and the headers of the columns dropped to fit (for a note under it). */
export function renderTable(
  columns: readonly Column[],
  rows: readonly Cell[][],
  opts: TableOptions,
): { text: string; dropped: string[] } {
  const fit = fitColumns(columnSpecs(columns, rows), opts.width);
  const style = opts.head ?? ((s: string) => s);
  const lay = (c: Cell, w: number): string =>
    visible(oneLine(c)) <= w
      ? oneLine(c)
      : parts(c)
          .flatMap((p) => breakName(p, w))
          .join('\n');
  const table = new Table({
    head: fit.keep.map((i, k) => style(lay(columns[i].head, fit.widths[k]))),
    colWidths: fit.widths.map((w) => w + 2),
    colAligns: fit.keep.map((i) => columns[i].align ?? 'left'),
    style: { head: [], border: [], compact: true },
    wordWrap: false,
  });
  for (const r of rows) table.push(fit.keep.map((i, k) => lay(r[i] ?? '', fit.widths[k])));
  const dropped = columns.filter((_, i) => !fit.keep.includes(i)).map((c) => oneLine(c.head));
  return { text: table.toString(), dropped };
}

/**
 * A part in lines of at most `w` columns: as it is when it fits, else broken after its hyphens
 * (`sim-early-` / `closer-react`), a piece still too long cut to `w` with `…`. Only a column fitted
 * below its widest part (a `floor` column) gets here with a part that does not fit.
 */
export function breakName(part: string, w: number): string[] {
  if (visible(part) <= w) return [part];
  const cutTo = (s: string) => (visible(s) <= w ? s : `${[...s].slice(0, Math.max(w - 1, 0)).join('')}…`);
  const lines: string[] = [];
  let line = '';
  for (const piece of part.split(/(?<=-)/)) {
    if (line && visible(line + piece) > w) {
      lines.push(cutTo(line));
      line = piece;
    } else line += piece;
  }
  if (line) lines.push(cutTo(line));
  return lines;
}

/** The note under a table that lost columns to the width. */
export function droppedNote(dropped: string[], width: number): string[] {
  return dropped.length
    ? [`(not shown at width ${width}: ${dropped.join(', ')}; widen the terminal or pass --width)`]
    : [];
}

/** Prose for the terminal, broken at spaces to `width` (a word longer than that stands alone). */
export function wrapText(text: string, width: number, indent = ''): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const next = line ? `${line} ${word}` : `${indent}${word}`;
    if (line && visible(next) > width) {
      lines.push(line);
      line = `${indent}  ${word}`;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}
