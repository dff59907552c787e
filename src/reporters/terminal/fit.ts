/**
 * Which columns of a table fit a terminal width, and how wide each one is. Pure: column widths in,
 * kept columns out, so the rule is tested without a terminal.
 *
 * The rule: a table that fits is left alone. Otherwise wrappable columns are wrapped (a cell's
 * parts go one under the other: an interval under its value) when that alone makes it fit;
 * when it does not, the column of lowest priority is dropped and the rule applies again. Columns
 * of priority Infinity are never dropped; with only those left the table is wrapped as far as it
 * goes, and then a column that may be cut (a name: its `floor`) is narrowed, widest first, down to
 * its floor. Only a table with nothing left to wrap, drop or cut is wider than the terminal.
 */

export interface ColumnSpec {
  /** The widest cell on one line (header included), in terminal columns. */
  natural: number;
  /** The widest cell when wrapped (its widest part); equal to `natural` when it cannot wrap. */
  min: number;
  /** Lowest goes first; Infinity: never dropped. */
  priority: number;
  /** The narrowest it may be cut to (its text wrapped at hyphens, then cut with …); absent: never cut. */
  floor?: number;
}

export interface Fit {
  /** Indices of the kept columns, in their original order. */
  keep: number[];
  /** Content width of each kept column (aligned with `keep`). */
  widths: number[];
}

/** cli-table3's width of a table: one space of padding each side of a cell, a rule between cells. */
export function tableWidth(contentWidths: readonly number[]): number {
  return contentWidths.reduce((s, w) => s + w + 3, 1);
}

export function fitColumns(cols: readonly ColumnSpec[], width: number): Fit {
  const keep = cols.map((_, i) => i);
  for (;;) {
    const natural = keep.map((i) => cols[i].natural);
    const excess = tableWidth(natural) - width;
    if (excess <= 0) return { keep, widths: natural };
    const slack = keep.reduce((s, i) => s + cols[i].natural - cols[i].min, 0);
    const droppable = keep.filter((i) => cols[i].priority !== Number.POSITIVE_INFINITY);
    if (slack >= excess || droppable.length === 0) {
      const widths = shrink(keep, cols, Math.min(excess, slack));
      const left = tableWidth(widths) - width;
      return { keep, widths: left > 0 ? cut(keep, cols, widths, left) : widths };
    }
    // The lowest priority goes; among equals the rightmost, so a table loses its tail first.
    const drop = droppable.reduce((a, b) => (cols[b].priority <= cols[a].priority ? b : a));
    keep.splice(keep.indexOf(drop), 1);
  }
}

/**
 * Takes `excess` columns off the wrappable columns, widest first: a wrapped column goes down to
 * its `min` at once (its parts then stand one per line), which may free more than asked.
 */
function shrink(keep: number[], cols: readonly ColumnSpec[], excess: number): number[] {
  const widths = keep.map((i) => cols[i].natural);
  const order = keep
    .map((i, k) => ({ k, gain: cols[i].natural - cols[i].min }))
    .filter((x) => x.gain > 0)
    .sort((a, b) => b.gain - a.gain || b.k - a.k);
  let left = excess;
  for (const { k, gain } of order) {
    if (left <= 0) break;
    widths[k] -= gain;
    left -= gain;
  }
  return widths;
}

/** Takes `excess` columns off the columns that may be cut, one at a time from the widest, to their floor. */
function cut(keep: number[], cols: readonly ColumnSpec[], widths: number[], excess: number): number[] {
  const out = [...widths];
  const floor = (k: number) => cols[keep[k]].floor ?? out[k];
  for (let left = excess; left > 0; left--) {
    let widest = -1;
    for (let k = 0; k < out.length; k++)
      if (out[k] > floor(k) && (widest < 0 || out[k] > out[widest])) widest = k;
    if (widest < 0) break;
    out[widest]--;
  }
  return out;
}
