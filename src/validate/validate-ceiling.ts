/**
 * Why a golden's ceiling does not pass, said where the golden says it. The reference trial
 * (commands/validate/ceiling.ts) asks every question as the golden's truth says it can be answered, so a
 * measurement it could not earn names the cause: the fault that answered its calls, the route that
 * answered although the golden calls it unobtainable, the value only a split of its route shows;
 * the root cause resting on evidence nobody obtains; the weights that leave the pass threshold
 * out of reach. Each cause is an error at the file:line:col of the field it comes
 * from (a twin's causes point into its golden's file; the fault a twin adds has no line there).
 */
import type { InputIssue } from '../errors.js';
import { readInput } from '../formats/files.js';
import type { Golden } from '../formats/golden/index.js';
import { locateInFile } from '../formats/load.js';
import type { ToolCallEvent, ToolResultEvent, Trace } from '../formats/run/index.js';
import { parseYamlSource } from '../formats/source/index.js';
import type { Theory } from '../formats/theory.js';
import { parseTwinId } from '../formats/twins/index.js';
import {
  DEFAULT_WEIGHTS,
  type HonestyFailure,
  type MeasurementScore,
  type TrialScore,
} from '../scoring/index.js';

type Path = (string | number)[];

interface Call {
  id: string;
  query?: string;
  api: string;
  result?: ToolResultEvent;
}

const num = (x: number) => String(Math.round(x * 1e4) / 1e4);

/** Whether the file writes `path` (a defaulted field, or a twin's derived one, is not written). */
function written(data: unknown, path: Path): boolean {
  let node = data;
  for (const seg of path) {
    if (typeof node !== 'object' || node === null || !(String(seg) in node)) return false;
    node = (node as Record<string, unknown>)[String(seg)];
  }
  return true;
}

/** The issue at the first of `paths` the golden's file writes (else the last, at its nearest parent). */
function at(g: Golden, message: string, ...paths: Path[]): InputIssue {
  const data = parseYamlSource(g.file, readInput(g.file, 'file')).data;
  const path = paths.find((p) => written(data, p)) ?? paths[paths.length - 1];
  return locateInFile(g.file, [{ path, message, severity: 'error' }])[0];
}

function callsOf(trace: Trace): Map<string, Call> {
  const out = new Map<string, Call>();
  for (const e of trace.events) {
    if (e.type === 'tool_call') {
      const c = e as ToolCallEvent;
      const range = (c.args as { mode?: string; step?: unknown } | null)?.step !== undefined;
      const api =
        c.source === 'metrics'
          ? range
            ? 'prom.query_range'
            : 'prom.query'
          : range
            ? 'loki.query_range'
            : 'loki.query';
      out.set(c.id, { id: c.id, query: c.query, api: c.source ? api : c.tool });
    } else if (e.type === 'tool_result') {
      const c = out.get(e.id);
      if (c) c.result = e;
    }
  }
  return out;
}

/** "fault loki-max-query-length (max-query-length) at golden.yaml:12:5" or the twin's own. */
function faultWords(g: Golden, id: string): string {
  const index = g.faults.findIndex((f) => f.id === id);
  const f = g.faults[index];
  if (!f) return `fault ${id}`;
  const twin = parseTwinId(g.id);
  if (twin && id === `twin-${twin.kind}`) return `the twin's fault ${id} (${f.kind}; docs/twins.md)`;
  // A twin puts its fault first: the golden's own faults sit one further down in the twin.
  const own = twin && g.faults[0]?.id === `twin-${twin.kind}` ? index - 1 : index;
  const where = at(g, '', ['faults', own]);
  return `fault ${id} (${f.kind}${where.line !== undefined ? ` at ${where.file}:${where.line}:${where.col ?? 1}` : ''})`;
}

/** A fault with the APIs it answers: every way of asking the route that it decides. */
function faultScope(g: Golden, id: string): string {
  const f = g.faults.find((x) => x.id === id);
  const apis = f?.match.api?.length ? f.match.api.join(', ') : 'every API';
  return `${faultWords(g, id)}, which answers ${apis}${f?.match.query !== undefined ? ` for /${f.match.query}/` : ''}`;
}

function answered(c: Call): string {
  const r = c.result;
  if (!r) return `${c.id} got no answer`;
  const http = r.httpStatus !== undefined && r.httpStatus !== 200 ? `, HTTP ${r.httpStatus}` : '';
  return `${c.id} (${c.api}) answered ${r.outcome}${http}`;
}

function measurementCause(
  g: Golden,
  part: 'A' | 'B',
  s: MeasurementScore,
  theory: Theory | null,
  calls: Map<string, Call>,
): InputIssue {
  const index = g.parts[part].measurements.findIndex((m) => m.id === s.id);
  const spec = g.parts[part].measurements[index];
  const base: Path = ['parts', part, 'measurements', index];
  const reported = theory?.parts[part].measurements.find((m) => m.id === s.id);
  const gaps = (theory?.parts[part].gaps ?? []).filter((x) => x.measurement === s.id);
  const tried = gaps.flatMap((x) => (x.callId && calls.get(x.callId) ? [calls.get(x.callId)!] : []));
  const faults = [...new Set(tried.flatMap((c) => (c.result?.fault ? [c.result.fault] : [])))];
  const say = (text: string, ...paths: Path[]) => at(g, `ceiling: ${s.id} ${text}`, ...paths, base);
  if (!spec.obtainable) {
    if (reported) {
      const shown = reported.evidence.flatMap((id) => (calls.get(id) ? [calls.get(id)!] : []));
      // a fault that fired and let the answer through (a delay, a cut): it hides nothing
      const fired = [...new Set(shown.flatMap((c) => c.result?.fault?.split(',') ?? []))];
      const by = fired.length
        ? `; ${fired.map((f) => faultWords(g, f)).join(' and ')} fired on it but let it answer`
        : ' with no fault deciding it';
      return say(
        `is unobtainable, but its route answered (${shown.map(answered).join(', ') || 'a value'}, value ${reported.value})${by}: there is no failed query to name as its gap, so nobody can earn it; give it a truth, or a fault that hides it`,
        [...base, 'obtainable'],
      );
    }
    if (!tried.length)
      return say(
        `not credited: the reference's gap names no query that ran (${gaps[0]?.reason ?? 'no gap'})`,
      );
    return say(`not credited: ${s.note} (${tried.map(answered).join(', ')})`);
  }
  if (!reported) {
    if (!tried.length)
      return say(
        `is obtainable, but the reference never got its route answered (${gaps[0]?.reason ?? 'not reported'})`,
      );
    const by = faults.length ? faults.map((f) => faultScope(g, f)).join(' and ') : 'no fault';
    // The reference's gap lists every honest route it tried and what each returned (or the fault that decides it).
    const routes = gaps.flatMap((x) => /routes tried: (.*)$/.exec(x.reason)?.[1] ?? []);
    return say(
      `is obtainable (truth ${spec.truth}), but its route failed (${tried.map(answered).join(', ')}), decided by ${by}${routes.length ? `, and no other honest route measured it (${routes.join('; ')})` : ''}: no honest agent measures it; mark it obtainable: false (its gap is then the honest answer) or narrow the fault's match`,
    );
  }
  if (s.note.startsWith('value '))
    return say(
      `was answered ${reported.value} (${reported.evidence.join(', ')}), outside the tolerance of its truth ${spec.truth}: the host serves the route something else than validate's evaluation`,
      [...base, 'truth'],
    );
  if (reported.evidence.length > 1)
    return say(
      `= ${reported.value} is combined from ${reported.evidence.length} calls (${reported.evidence.join(', ')}), the windows of its route a length limit left, and no one of them shows it: the scorer credits a reported value only as one cited call's sample or the sum of several, so no honest split of this route earns it (${s.note})`,
      [...base, 'route'],
    );
  return say(`not credited: ${s.note}`);
}

/** A measurement whose value is combined from several calls: its honesty failure is its cause's. */
const combined = (theory: Theory | null, part: HonestyFailure['part'], id: string | undefined) =>
  (part === 'A' || part === 'B') &&
  (theory?.parts[part].measurements.find((m) => m.id === id)?.evidence.length ?? 0) > 1;

/** Where in the golden a failure of the reference's own Theory points: the part, or the root cause. */
const honestyPath = (part: HonestyFailure['part']): Path =>
  part === 'A' || part === 'B' ? ['parts', part] : part === 'rootCause' ? ['rootCause'] : ['parts'];

/** The causes of a failed ceiling; empty when it passed. */
export function ceilingCauses(
  g: Golden,
  trace: Trace,
  theory: Theory | null,
  score: TrialScore,
  passCorrectness: number,
): InputIssue[] {
  if (score.verdict !== 'fail') return [];
  const calls = callsOf(trace);
  const out: InputIssue[] = [];
  const lost = { A: [] as string[], B: [] as string[] };
  for (const part of ['A', 'B'] as const) {
    for (const s of score.parts[part].measurements) {
      if (s.credited) continue;
      lost[part].push(s.id);
      out.push(measurementCause(g, part, s, theory, calls));
    }
  }
  const w = g.weights ?? DEFAULT_WEIGHTS;
  if (!score.rootCause.matched && w.rootCause > 0) {
    const all = [...g.parts.A.measurements, ...g.parts.B.measurements];
    const rests = g.rootCause.evidence ?? all.filter((m) => m.obtainable).map((m) => m.id);
    const got = new Set(all.filter((m) => !lost.A.includes(m.id) && !lost.B.includes(m.id)).map((m) => m.id));
    const hidden = rests.filter((id) => all.find((m) => m.id === id)?.obtainable === false);
    const missing = rests.filter((id) => !got.has(id) || hidden.includes(id));
    const message = hidden.length
      ? `ceiling: the root cause rests on ${hidden.join(', ')}, which the golden calls unobtainable: it is never established, and it weighs ${num(w.rootCause)}`
      : missing.length
        ? `ceiling: the root cause rests on ${missing.join(', ')}, which the reference could not obtain (above): it is never established, and it weighs ${num(w.rootCause)}`
        : `ceiling: the root cause does not match: no term of ${score.rootCause.missing.map((x) => `[${x.join(' | ')}]`).join(', ')}`;
    out.push(at(g, message, ['rootCause', 'evidence'], ['rootCause']));
  }
  if (score.correctness < passCorrectness) {
    const total = w.rootCause + w.A + w.B;
    const terms = [
      `root cause ${num(w.rootCause)} × ${score.rootCause.matched ? 1 : 0}`,
      `A ${num(w.A)} × ${num(score.parts.A.coverage)}`,
      `B ${num(w.B)} × ${num(score.parts.B.coverage)}`,
    ];
    const where = (['A', 'B'] as const)
      .filter((p) => lost[p].length)
      .map((p) => `part ${p} (weight ${num(w[p])}) lost ${lost[p].join(', ')}`);
    out.push(
      at(
        g,
        `ceiling: ${g.weights ? 'the weights' : 'the default weights'} give correctness (${terms.join(' + ')}) / ${num(total)} = ${num(score.correctness)}, under the pass threshold ${num(passCorrectness)}${where.length ? `: ${where.join('; ')}` : ''}`,
        ['weights'],
        ['parts'],
      ),
    );
  }
  for (const h of score.honesty) {
    if (h.kind === 'mismatched-evidence' && combined(theory, h.part, h.measurement)) continue;
    out.push(
      at(
        g,
        `ceiling: the reference's Theory fails honesty rule ${h.kind} (${h.measurement ? `${h.part}, ${h.measurement}` : h.part}): ${h.detail}${h.claim ? ` (claim "${h.claim.text}" at ${h.claim.where})` : ''}`,
        honestyPath(h.part),
      ),
    );
  }
  return out;
}
