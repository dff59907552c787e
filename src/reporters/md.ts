/** Markdown table pieces shared by the markdown reports (a `|` in a cell is escaped). */
export const mdRow = (cells: string[]): string =>
  `| ${cells.map((c) => c.replaceAll('|', '\\|')).join(' | ')} |`;
export const mdHead = (cells: string[]): string => `${mdRow(cells)}\n${mdRow(cells.map(() => '---'))}`;
/** A cell's parts one under the other, in a table cell: keeps a table narrow on GitHub. */
export const mdLines = (parts: readonly string[]): string => parts.join('<br>');
