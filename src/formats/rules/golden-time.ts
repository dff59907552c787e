/**
 * Rules on a golden's instants: a window that runs forwards and every time reference inside it
 * (a load block's `at`, literal log lines, bursts; a load line's samples are checked by
 * world/limits.ts, which counts them without expanding the line).
 */

import type { Golden } from '../golden/index.js';
import { LIMITS, windowMessage } from '../limits.js';
import { resolveTimeRef } from '../time.js';
import { err, type RuleIssue } from './types.js';

export function timeRules(g: Golden): RuleIssue[] {
  const { start, end, now, activeAt } = g.ms;
  const out: RuleIssue[] = [];
  if (!(start < end)) return [err(['time', 'end'], 'time.end must be after time.start')];
  if (end - start > LIMITS.windowMs) out.push(err(['time', 'end'], windowMessage(end - start)));
  const inside = (t: number, path: (string | number)[], what: string) => {
    if (t < start || t > end)
      out.push(err(path, `${what} is outside the golden's window [time.start, time.end]`));
  };
  inside(now, ['time', 'now'], 'time.now');
  inside(activeAt, ['alert', 'activeAt'], 'alert.activeAt');
  if (activeAt > now) out.push(err(['alert', 'activeAt'], 'alert.activeAt is after time.now'));
  for (const part of ['A', 'B'] as const) {
    g.parts[part].measurements.forEach((m, i) => {
      if (m.at) inside(resolveTimeRef(m.at, start), ['parts', part, 'measurements', i, 'at'], 'at');
    });
  }
  g.world.metrics.forEach((b, i) => {
    // A load block starting before time.start would put its first samples outside the window.
    if ('load' in b && b.at) inside(resolveTimeRef(b.at, start), ['world', 'metrics', i, 'at'], 'at');
  });
  g.world.logs.forEach((b, i) => {
    // A data file's lines were checked at their own lines as it was read (formats/golden/data-files.ts).
    if (b.file === undefined)
      b.lines?.forEach((l, j) => {
        inside(resolveTimeRef(l.at, start), ['world', 'logs', i, 'lines', j, 'at'], 'a log line');
      });
    b.generate?.bursts.forEach((burst, j) => {
      const at = ['world', 'logs', i, 'generate', 'bursts', j];
      inside(resolveTimeRef(burst.from, start), [...at, 'from'], 'a burst');
      inside(resolveTimeRef(burst.to, start), [...at, 'to'], 'a burst');
    });
  });
  g.expect.forEach((e, i) => {
    if (e.at) inside(resolveTimeRef(e.at, start), ['expect', i, 'at'], 'at');
  });
  g.faults.forEach((f, i) => {
    const from = f.match.from ? resolveTimeRef(f.match.from, start) : undefined;
    const to = f.match.to ? resolveTimeRef(f.match.to, start) : undefined;
    if (from !== undefined && to !== undefined && from >= to) {
      out.push(err(['faults', i, 'match', 'to'], 'match.to must be after match.from'));
    }
  });
  return out;
}
