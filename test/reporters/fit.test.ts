/** The width rule as a pure function: column widths in, kept columns (and their widths) out. */
import { describe, expect, it } from 'vitest';
import { type ColumnSpec, fitColumns, renderTable, tableWidth } from '../../src/reporters/index.js';

const col = (natural: number, priority = Number.POSITIVE_INFINITY, min = natural): ColumnSpec => ({
  natural,
  min,
  priority,
});

describe('fitColumns', () => {
  it('leaves a table that fits alone', () => {
    const cols = [col(10), col(20, 1), col(5, 2)];
    expect(tableWidth([10, 20, 5])).toBe(45);
    expect(fitColumns(cols, 45)).toEqual({ keep: [0, 1, 2], widths: [10, 20, 5] });
  });

  it('wraps wrappable columns when that alone makes the table fit, widest gain first', () => {
    // 10 + 20 + 20 + 10 = 60 wide; 10 too many; column 2 can give 12, column 1 only 8.
    const cols = [col(10), col(20, 5, 12), col(20, 5, 8), col(5)];
    expect(tableWidth([10, 20, 20, 5])).toBe(68);
    expect(fitColumns(cols, 60)).toEqual({ keep: [0, 1, 2, 3], widths: [10, 20, 8, 5] });
  });

  it('drops the lowest priority first (the rightmost among equals) when wrapping is not enough', () => {
    const cols = [col(30), col(10, 3), col(10, 1), col(10, 1), col(10, 2)];
    // 30 + 4 × 10 + 16 = 86. At 73 the rightmost priority-1 column goes; at 60 both; at 50 the
    // priority-2 one too.
    expect(fitColumns(cols, 73)).toEqual({ keep: [0, 1, 2, 4], widths: [30, 10, 10, 10] });
    expect(fitColumns(cols, 60)).toEqual({ keep: [0, 1, 4], widths: [30, 10, 10] });
    expect(fitColumns(cols, 50)).toEqual({ keep: [0, 1], widths: [30, 10] });
  });

  it('never drops a column without a priority: with only those left it wraps as far as it goes', () => {
    const cols = [col(30, Number.POSITIVE_INFINITY, 20), col(30), col(10, 1)];
    expect(fitColumns(cols, 40)).toEqual({ keep: [0, 1], widths: [20, 30] });
  });
});

describe('fitColumns: a column that may be cut', () => {
  it('is narrowed last, widest first, down to its floor, and not below', () => {
    // a name (25, floor 2) and two cells that wrap from 11 and 8 to 4: 54 wide
    const cols = [
      { ...col(25), floor: 2 },
      col(11, Number.POSITIVE_INFINITY, 4),
      col(8, Number.POSITIVE_INFINITY, 4),
    ];
    expect(fitColumns(cols, 40)).toEqual({ keep: [0, 1, 2], widths: [22, 4, 4] });
    expect(fitColumns(cols, 20)).toEqual({ keep: [0, 1, 2], widths: [2, 4, 4] });
    expect(fitColumns(cols, 10).widths).toEqual([2, 4, 4]);
  });
});

describe('renderTable', () => {
  it('is compact (no rule between body rows), puts parts under each other when wrapped, and names what it dropped', () => {
    const cols = [{ head: 'seat' }, { head: 'effect', priority: 2 }, { head: 'extra', priority: 1 }];
    const rows = [
      ['sim-a', ['+0.50', '[+0.20, +0.80]'], 'x'],
      ['sim-b', ['-0.10', '[-0.30, +0.10]'], 'y'],
    ];
    const wide = renderTable(cols, rows, { width: 100 });
    expect(wide.dropped).toEqual([]);
    expect(wide.text).toContain('+0.50 [+0.20, +0.80]');
    expect(wide.text.split('\n').filter((l) => l.startsWith('├'))).toHaveLength(1);
    const narrow = renderTable(cols, rows, { width: 26 });
    expect(narrow.dropped).toEqual(['extra']);
    const lines = narrow.text.split('\n');
    expect(Math.max(...lines.map((l) => [...l].length))).toBeLessThanOrEqual(26);
    expect(lines).toContain('│ sim-a │ +0.50          │');
    expect(lines).toContain('│       │ [+0.20, +0.80] │');
  });
});
