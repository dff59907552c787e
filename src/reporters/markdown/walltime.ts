/**
 * walltime.md: where the time went, and on which clock. Summary first: one line per gate set and
 * a seat × gate set table pooled over the goldens (percentiles over the scored trials
 * themselves); every golden × seat × gate set row follows in a collapsed <details>. Wall is split
 * into model, tool and queue time throughout; when real seats waited for the run's rate limiter or
 * in 429 backoff, those waits get their own figures too (apart from model time, which is the
 * provider's own).
 */
import type { Scorecard, TrialRecord } from '../../scoring/index.js';
import { quantile, rowKind } from '../../scoring/index.js';
import { f2, secs } from '../format.js';
import { fileReporter } from '../lifecycle.js';
import { mdEsc, mdHead, mdRow } from '../md.js';

type Timing = TrialRecord['score']['timing'];
const p50 = (ts: Timing[], k: keyof Omit<Timing, 'clock'>) =>
  quantile(
    ts.map((t) => t[k] ?? 0),
    0.5,
  );
/** Any trial waited for the rate limiter or in backoff: only then are those columns shown. */
const waited = (ts: Timing[]) => ts.some((t) => (t.limiterMs ?? 0) > 0 || (t.backoffMs ?? 0) > 0);
const split = (ts: Timing[], waits: boolean) =>
  `model ${secs(p50(ts, 'modelMs'))}, tool ${secs(p50(ts, 'toolMs'))}, queue ${secs(p50(ts, 'queueMs'))}` +
  (waits ? `, rate limiter ${secs(p50(ts, 'limiterMs'))}, backoff ${secs(p50(ts, 'backoffMs'))}` : '');

export function renderWalltimeMd(sc: Scorecard): string {
  const out = ['# Wall time', ''];
  const scored = sc.trials.filter((t) => t.score.verdict !== 'unscored' && rowKind(t.seat) === 'seat');
  // The run's gate set order (none before all); a gate set the run does not list goes last.
  const order = (g: string) => {
    const i = sc.run.gateSets.indexOf(g);
    return i < 0 ? sc.run.gateSets.length : i;
  };
  const gateSets = [...new Set(scored.map((t) => t.gateSet))].sort((a, b) => order(a) - order(b));
  const timing = (f: (t: TrialRecord) => boolean) => scored.filter(f).map((t) => t.score.timing);
  const waits = waited(timing(() => true));
  if (gateSets.length) {
    const each = gateSets.map((g) => {
      const ts = timing((t) => t.gateSet === g);
      return `**${mdEsc(g)}** wall p50 ${secs(p50(ts, 'wallMs'))} (${split(ts, waits)})`;
    });
    out.push(`${each.join(' · ')}, over ${scored.length} scored seat trials.`, '');
  }
  out.push(
    `Clock: **${sc.run.clock}**. ` +
      (sc.run.clock === 'virtual'
        ? 'Sim seats run on a simulated clock: model think time, tool latency and queue waits are simulated, identical on every machine.'
        : 'Real seats run on the real clock.') +
      ' Percentiles are linear-interpolated over scored trials; model, tool and queue are each their own percentile, so they need not add up to wall.' +
      (waits
        ? " Rate limiter is the time turns waited for the run's shared limiter before their request, backoff the time between attempts after a 429 or 5xx (docs/providers.md); model time excludes both."
        : ''),
    '',
  );
  const waitCols = waits ? ['rate limiter p50', 'backoff p50'] : [];
  out.push(
    mdHead(['seat', 'gates', 'n', 'wall p50 / p95', 'model p50', 'tool p50', 'queue p50', ...waitCols]),
  );
  for (const seat of [...new Set(scored.map((t) => t.seat))])
    for (const g of gateSets) {
      const ts = timing((t) => t.seat === seat && t.gateSet === g);
      if (!ts.length) continue;
      const wall = `${secs(p50(ts, 'wallMs'))} / ${secs(
        quantile(
          ts.map((t) => t.wallMs),
          0.95,
        ),
      )}`;
      out.push(
        mdRow([
          mdEsc(seat),
          mdEsc(g),
          String(ts.length),
          wall,
          secs(p50(ts, 'modelMs')),
          secs(p50(ts, 'toolMs')),
          secs(p50(ts, 'queueMs')),
          ...(waits ? [secs(p50(ts, 'limiterMs')), secs(p50(ts, 'backoffMs'))] : []),
        ]),
      );
    }
  out.push(
    '',
    '<details>',
    '<summary>Every golden × seat × gate set, with turns, calls, tokens and cost</summary>',
    '',
  );
  out.push(...cellTable(sc), '', '</details>');
  return `${out.join('\n')}\n`;
}

function cellTable(sc: Scorecard): string[] {
  const out = [
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
  ];
  const pp = (p: { p50: number; p95: number }): string => `${secs(p.p50)} / ${secs(p.p95)}`;
  for (const r of sc.rows.filter((x) => rowKind(x.seat) === 'seat')) {
    out.push(
      mdRow([
        mdEsc(r.golden),
        mdEsc(r.seat),
        mdEsc(r.gateSet),
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
  const prices = Object.keys(sc.run.pricing ?? {});
  if (prices.length)
    out.push(`Cost is at each seat's prices, listed with their source and date in scorecard.md (Cost).`);
  return out;
}

export const walltimeReporter = fileReporter('walltime.md', renderWalltimeMd);
