/**
 * The readable timeline of one trial (`bench trial`): turns, waves, calls with their class, outcome
 * and fingerprint, gate decisions, node starts/ends, the Theory, the stop reason and the trace path.
 * Reads only the trace. Colour is the caller's choice (on a TTY only); with `color: false` the text
 * has no escape codes at all.
 */
import { Chalk } from 'chalk';
import { gateListText } from '../../formats/gate-sets.js';
import type { ToolResultEvent, Trace, TraceEvent } from '../../formats/run/index.js';
import type { Theory, TheoryPart } from '../../formats/theory.js';

const secs = (ms: number): string => `${(ms / 1000).toFixed(1)}s`;
const clip = (s: string, n = 90): string => {
  const one = s.replace(/\s+/g, ' ').trim();
  return one.length > n ? `${one.slice(0, n - 1)}…` : one;
};

function part(name: string, p: TheoryPart): string {
  const ms = p.measurements.map(
    (m) => `${m.id}=${m.value}${m.evidence.length ? ` ⟵${m.evidence.join(',')}` : ''}`,
  );
  const gaps = p.gaps.map(
    (g) =>
      `${g.measurement ?? '?'}${g.callId ? ` (${g.callId})` : ''}${g.failedQuery ? ` ${clip(g.failedQuery, 60)}` : ''}: ${clip(g.reason, 60)}`,
  );
  return `  Part ${name} ${p.status}${ms.length ? `  ${ms.join('  ')}` : ''}${gaps.length ? `\n    gaps: ${gaps.join('; ')}` : ''}\n    findings: ${clip(p.findings)}`;
}

export function formatTheory(t: Theory): string {
  return [
    `  root cause: ${t.rootCause.component} — ${clip(t.rootCause.mechanism, 70)}`,
    part('A', t.parts.A),
    part('B', t.parts.B),
  ].join('\n');
}

export function formatTimeline(trace: Trace, opts: { color: boolean; traceFile?: string }): string {
  const c = new Chalk({ level: opts.color ? 1 : 0 });
  const h = trace.header;
  const out: string[] = [
    c.bold(
      `${h.golden} · seat ${h.seat} (${h.model}, ${h.shape}) · gates ${h.gateSet} [${gateListText(h.gates, h.prompted) || '-'}]`,
    ),
    c.dim(`rep ${h.rep} · seed ${h.seed} · ${h.clock} clock`),
  ];
  const results = new Map<string, ToolResultEvent>();
  for (const e of trace.events) if (e.type === 'tool_result') results.set(e.id, e);
  const at = (t: number) => c.dim(secs(t).padStart(8));
  const outcome = (o: string) =>
    o === 'ok' ? c.green(o) : o === 'empty' ? c.yellow(o) : o === 'rejected' ? c.magenta(o) : c.red(o);
  for (const e of trace.events as TraceEvent[]) {
    switch (e.type) {
      case 'model_turn':
        out.push(
          `${at(e.t)} ${c.cyan(`turn ${e.turn}`)} ${e.node}  think ${secs(e.latencyMs)}${e.replay ? c.dim(` replayed (recorded ${secs(e.replay.latencyMs)})`) : ''}${e.limiterMs ? c.yellow(` rate limiter ${secs(e.limiterMs)}`) : ''}${e.backoffMs ? c.yellow(` backoff ${secs(e.backoffMs)} (${e.attempts} attempts)`) : ''}  tokens ${e.tokens.input}/${e.tokens.output}  ${c.dim(clip(e.text, 70))}`,
        );
        break;
      case 'tool_call': {
        const r = results.get(e.id);
        const res = r
          ? `${outcome(r.outcome)} n=${r.n} ${secs(r.latencyMs)}${r.queueMs ? ` queue ${secs(r.queueMs)}` : ''}${r.fingerprint ? c.yellow(` fp=${r.fingerprint.slice(0, 10)}`) : ''}${r.catalogVersion !== undefined ? (r.stale ? c.red(` stale tool (catalog v${r.catalogVersion})`) : c.dim(` catalog v${r.catalogVersion}`)) : ''}`
          : c.dim('(no result)');
        const what = e.query ?? (e.args === undefined ? '' : JSON.stringify(e.args));
        out.push(
          `${at(e.t)}   ${e.id} w${e.wave} ${e.tool} ${c.dim(e.class)}  ${res}  ${c.dim(clip(what, 70))}`,
        );
        break;
      }
      case 'gate': {
        const color =
          e.decision === 'halt' || e.decision === 'block' ? c.red : e.decision === 'allow' ? c.dim : c.yellow;
        out.push(
          `${at(e.t)}   ${color(`gate ${e.gate} ${e.decision}`)}${e.callId ? ` ${e.callId}` : ''}  ${clip(e.reason, 80)}`,
        );
        break;
      }
      case 'node': {
        const usage = e.usage
          ? `  tokens ${e.usage.tokens} calls ${e.usage.toolCalls} turns ${e.usage.turns} time ${secs(e.usage.wallMs)}`
          : '';
        const tag =
          e.event === 'start' ? c.blue(`▶ node ${e.node}`) : c.blue(`■ node ${e.node} ${e.result ?? ''}`);
        out.push(
          `${at(e.t)} ${tag} ${e.kind}${e.concurrent ? ' (concurrent)' : ''}${e.parent ? ` ⊂ ${e.parent}` : ''}  ${c.dim(clip(e.goal, 60))}${usage}`,
        );
        break;
      }
      case 'theory':
        out.push(`${at(e.t)} ${c.bold(`Theory (${e.source})`)}\n${formatTheory(e.theory)}`);
        break;
      case 'end': {
        const u = e.usage;
        const stop = e.stop === 'submitted' ? c.green(e.stop) : c.red(e.stop);
        out.push(
          `${at(e.t)} ${c.bold('end')} ${stop}${e.unscored ? c.red(' (unscored)') : ''}${e.error ? ` ${e.error}` : ''}`,
          `         turns ${u.turns} · calls ${u.toolCalls} · waves ${u.waves} · max fan-out ${u.maxFanout} · steers ${e.counts.steers} · halts ${e.counts.halts} · fingerprints ${e.counts.fingerprints}`,
          `         tokens ${u.tokens.input}/${u.tokens.output}${u.replayed ? ` (replayed: ${u.replayed.turns} turns, ${u.replayed.tokens.input}/${u.replayed.tokens.output})` : ''} · wall ${secs(e.wall.totalMs)} (model ${secs(e.wall.modelMs)}, tool ${secs(e.wall.toolMs)}, queue ${secs(e.wall.queueMs)}${e.wall.limiterMs !== undefined ? `, rate limiter ${secs(e.wall.limiterMs)}, backoff ${secs(e.wall.backoffMs ?? 0)}` : ''}) on the ${h.clock} clock`,
        );
        break;
      }
      default:
        break;
    }
  }
  if (opts.traceFile) out.push(`trace: ${opts.traceFile}`);
  return `${out.join('\n')}\n`;
}
