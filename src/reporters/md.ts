/**
 * Markdown pieces shared by the markdown reports (scorecard.md, walltime.md, the diff), written to
 * render on GitHub (CommonMark + GFM) as the text they hold. Every id, name, glob and path a report
 * writes goes through `mdEsc` (or `mdCode`): GitHub strikes a twin id `a~b · c~d` through and sets a
 * seat glob `sim-*-x*` in italics, and a `|` in a cell would split it.
 */

/**
 * Text as inert inline markdown: HTML is entity-escaped (GitHub renders some tags) and the
 * punctuation that could open a link, code, emphasis, strikethrough or a new cell is
 * backslash-escaped. Renders as exactly `text`. Not for raw HTML (a `<summary>`): backslashes
 * are shown there.
 */
export function mdEsc(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/[\\`*_[\]|~]/g, (c) => `\\${c}`);
}

/**
 * Text from outside the bench (a judge model's rationale, a provider's error) as one line of
 * inert markdown, safe in a table cell or a list item: whitespace and newlines collapse to one
 * space (a newline would end the row), then `mdEsc`.
 */
export const mdText = (text: string): string => mdEsc(text.replace(/\s+/g, ' ').trim());

/**
 * A code span holding `text` as it is (a path, a trial id): fenced by one backtick more than the
 * longest run inside it, padded when it starts or ends with one (CommonMark strips one space each side).
 */
export function mdCode(text: string): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
}

/**
 * One table row. A `|` not already escaped is escaped, so a cell is one cell whatever it holds;
 * an escaped one (`mdEsc`'s) is left alone, since `\\|` would end the cell after a backslash.
 */
export const mdRow = (cells: string[]): string =>
  `| ${cells.map((c) => c.replace(/\\*\|/g, (m) => (m.length % 2 === 1 ? `\\${m}` : m))).join(' | ')} |`;
export const mdHead = (cells: string[]): string => `${mdRow(cells)}\n${mdRow(cells.map(() => '---'))}`;

/** A cell's parts one under the other, in a table cell: keeps a table narrow on GitHub. */
export const mdLines = (parts: readonly string[]): string => parts.join('<br>');

/**
 * A long id as a table header in two lines, broken after the hyphen nearest its middle
 * (`checkout-db-pool-<br>logs-failed`), each part escaped: GitHub breaks table text at spaces
 * only, so one long id would widen its whole column.
 */
export function mdBreakId(id: string, max = 16): string {
  if (id.length <= max) return mdEsc(id);
  const mid = id.length / 2;
  let at = -1;
  for (let i = id.indexOf('-'); i >= 0; i = id.indexOf('-', i + 1))
    if (at < 0 || Math.abs(i + 1 - mid) < Math.abs(at - mid)) at = i + 1;
  return at > 0 && at < id.length ? `${mdEsc(id.slice(0, at))}<br>${mdEsc(id.slice(at))}` : mdEsc(id);
}
