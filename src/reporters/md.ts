/** Markdown table pieces shared by the markdown reports (a `|` in a cell is escaped). */
export const mdRow = (cells: string[]): string =>
  `| ${cells.map((c) => c.replaceAll('|', '\\|')).join(' | ')} |`;
export const mdHead = (cells: string[]): string => `${mdRow(cells)}\n${mdRow(cells.map(() => '---'))}`;
/**
 * Text from outside the bench (a judge model's rationale, a provider's error) as one line of
 * inert markdown, safe in a table cell or a list item: whitespace and newlines collapse to one
 * space (a newline would end the row), HTML is entity-escaped (GitHub renders some tags) and the
 * markdown punctuation that could open a link, code, emphasis or a new cell is backslash-escaped.
 */
export function mdText(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/[\\`*_[\]|~]/g, (c) => `\\${c}`);
}

/** A cell's parts one under the other, in a table cell: keeps a table narrow on GitHub. */
export const mdLines = (parts: readonly string[]): string => parts.join('<br>');

/**
 * A long id as a table header in two lines, broken after the hyphen nearest its middle
 * (`checkout-db-pool-<br>logs-failed`): GitHub breaks table text at spaces only, so one long id
 * would widen its whole column.
 */
export function mdBreakId(id: string, max = 16): string {
  if (id.length <= max) return id;
  const mid = id.length / 2;
  let at = -1;
  for (let i = id.indexOf('-'); i >= 0; i = id.indexOf('-', i + 1))
    if (at < 0 || Math.abs(i + 1 - mid) < Math.abs(at - mid)) at = i + 1;
  return at > 0 && at < id.length ? `${id.slice(0, at)}<br>${id.slice(at)}` : id;
}
