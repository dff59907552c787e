/** walltime.md: where the time went, per golden × seat × gate set, and on which clock. */
import type { Scorecard } from '../scoring/index.js';
import { rowKind } from '../scoring/index.js';
import { f2, secs } from './format.js';
import { fileReporter } from './lifecycle.js';
import { mdHead, mdRow } from './markdown.js';

export function renderWalltimeMd(sc: Scorecard): string {
  const out = ['# Wall time', ''];
  out.push(
    `Clock: **${sc.run.clock}**. ` +
      (sc.run.clock === 'virtual'
        ? 'Sim seats run on a simulated clock: model think time, tool latency and queue waits are simulated, identical on every machine.'
        : 'Real seats run on the real clock.') +
      ' Percentiles are linear-interpolated over scored trials; model, tool and queue are each their own percentile, so they need not add up to wall.',
    '',
  );
  out.push(
    mdHead([
      'golden',
      'seat',
      'gates',
      'clock',
      'wall p50/p95',
      'model p50/p95',
      'tool p50/p95',
      'queue p50/p95',
      'turns',
      'tool calls',
      'waves',
      'max fan-out',
      'tokens',
      'cost $',
    ]),
  );
  for (const r of sc.rows.filter((x) => rowKind(x.seat) === 'seat')) {
    const pp = (p: { p50: number; p95: number }): string => `${secs(p.p50)} / ${secs(p.p95)}`;
    out.push(
      mdRow([
        r.golden,
        r.seat,
        r.gateSet,
        r.wall.clock,
        pp(r.wall),
        pp(r.wall.model),
        pp(r.wall.tool),
        pp(r.wall.queue),
        f2(r.means.turns),
        f2(r.means.toolCalls),
        f2(r.means.waves),
        f2(r.means.maxFanout),
        String(Math.round(r.means.tokens)),
        r.means.costUsd.toFixed(4),
      ]),
    );
  }
  out.push('', 'turns, tool calls, waves, max fan-out, tokens and cost are means per trial.');
  return `${out.join('\n')}\n`;
}

export const walltimeReporter = fileReporter('walltime.md', renderWalltimeMd);
