/**
 * The terminal's "assertions" section: one ✓/✗ line per config `assert:` rule, and for a failed
 * one what was measured and which rows broke it. Kept apart from the scorecard table
 * (scorecard.ts) so either can change without the other; the terminal reporter prints it.
 */
import { Chalk } from 'chalk';
import type { Scorecard } from '../../scoring/index.js';
import { DEFAULT_WIDTH } from '../lifecycle.js';
import { wrapText } from './table.js';

/** The section's lines (none when the config asserts nothing), ending in a newline. */
export function renderAssertions(sc: Scorecard, opts: { color: boolean; width?: number }): string {
  const list = sc.assertions ?? [];
  if (!list.length) return '';
  const c = new Chalk({ level: opts.color ? 1 : 0 });
  const failed = list.filter((a) => !a.passed && !a.skipped).length;
  const skipped = list.filter((a) => a.skipped).length;
  const notJudged = skipped ? `, ${skipped} not judged in this narrowed run` : '';
  const head = failed
    ? c.red(`assertions: ${failed} of ${list.length} failed${notJudged}`)
    : skipped
      ? c.yellow(`assertions: ${list.length - skipped} of ${list.length} passed${notJudged}`)
      : c.green(`assertions: all ${list.length} passed`);
  const width = opts.width ?? DEFAULT_WIDTH;
  const lines = wrapText(head, width);
  for (const a of list) {
    const mark = a.skipped ? c.yellow('–') : a.passed ? c.green('✓') : c.red('✗');
    lines.push(...wrapText(`${mark} ${a.id}: ${a.rule}`, width, '  '));
    if (!a.passed) lines.push(...wrapText(a.detail, width, '      '));
  }
  return `${lines.join('\n')}\n`;
}
