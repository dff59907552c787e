/**
 * promqltest script parser (Prometheus `promql/promqltest`): load / clear / eval commands with
 * their expectation lines and expected series. Data only; ./run.ts executes it.
 */
import { parseDurationMs } from '../parser/index.js';

export interface LoadCmd {
  kind: 'load';
  line: number;
  intervalMs: number;
  /** `load_with_nhcb`: classic `_bucket` series also become native (custom-bucket) histograms. */
  nhcb: boolean;
  series: { line: number; text: string }[];
}

export interface Expectation {
  kind: 'fail' | 'ordered' | 'warn' | 'info' | 'no_warn' | 'no_info' | 'range' | 'string';
  /** `msg:` text (exact) or `regex:` pattern. */
  msg?: string;
  regex?: string;
  /** `expect range vector from A to B step S`. */
  range?: { startMs: number; endMs: number; stepMs: number };
  str?: string;
}

export interface EvalCmd {
  kind: 'eval';
  line: number;
  query: string;
  instant: boolean;
  /** Instant: at; range: start/end/step (ms). */
  startMs: number;
  endMs: number;
  stepMs: number;
  expects: Expectation[];
  /** Expected series lines and bare scalar lines, as written. */
  results: { line: number; text: string }[];
}

export type Command = LoadCmd | EvalCmd | { kind: 'clear'; line: number };

export function parseTime(s: string): number {
  const d = parseDurationMs(s.trim());
  if (d !== undefined) return d;
  const n = Number(s.trim());
  if (!Number.isFinite(n)) throw new Error(`bad time "${s}"`);
  return Math.round(n * 1000);
}

const INSTANT_RE = /^eval(?:_(fail|ordered|warn|info))?\s+instant\s+at\s+(\S+)\s+(.+)$/;
const RANGE_RE =
  /^eval(?:_(fail|ordered|warn|info))?\s+range\s+from\s+(\S+)\s+to\s+(\S+)\s+step\s+(\S+)\s+(.+)$/;

function parseExpect(body: string): Expectation {
  const m = /^(fail|ordered|warn|info|no_warn|no_info)\b\s*(?:(msg|regex):\s?(.*))?$/.exec(body);
  if (m) {
    const e: Expectation = { kind: m[1] as Expectation['kind'] };
    if (m[2] === 'msg') e.msg = m[3].trim();
    if (m[2] === 'regex') e.regex = m[3].trim();
    return e;
  }
  const r = /^range vector from (\S+) to (\S+) step (\S+)$/.exec(body);
  if (r)
    return {
      kind: 'range',
      range: { startMs: parseTime(r[1]), endMs: parseTime(r[2]), stepMs: parseTime(r[3]) },
    };
  const s = /^string\s+(.*)$/.exec(body);
  if (s) return { kind: 'string', str: s[1].trim() };
  throw new Error(`unknown expectation "expect ${body}"`);
}

export function parseScript(text: string): Command[] {
  const lines = text.split('\n');
  const cmds: Command[] = [];
  let i = 0;
  const block = (): { line: number; text: string }[] => {
    const out: { line: number; text: string }[] = [];
    while (i < lines.length && lines[i].trim() !== '' && /^\s/.test(lines[i])) {
      if (!lines[i].trim().startsWith('#')) out.push({ line: i + 1, text: lines[i].trim() });
      i++;
    }
    return out;
  };
  while (i < lines.length) {
    const raw = lines[i];
    const t = raw.trim();
    const lineNo = i + 1;
    i++;
    if (t === '' || t.startsWith('#')) continue;
    if (t === 'clear') {
      cmds.push({ kind: 'clear', line: lineNo });
      continue;
    }
    const load = /^load(_with_nhcb)?\s+(\S+)$/.exec(t);
    if (load) {
      cmds.push({
        kind: 'load',
        line: lineNo,
        nhcb: !!load[1],
        intervalMs: parseTime(load[2]),
        series: block(),
      });
      continue;
    }
    const inst = INSTANT_RE.exec(t);
    const rng = inst ? null : RANGE_RE.exec(t);
    if (!inst && !rng) throw new Error(`line ${lineNo}: unknown command "${t}"`);
    const legacy = (inst ?? rng)![1];
    const cmd: EvalCmd = inst
      ? {
          kind: 'eval',
          line: lineNo,
          query: inst[3],
          instant: true,
          startMs: parseTime(inst[2]),
          endMs: parseTime(inst[2]),
          stepMs: 0,
          expects: [],
          results: [],
        }
      : {
          kind: 'eval',
          line: lineNo,
          query: rng![5],
          instant: false,
          startMs: parseTime(rng![2]),
          endMs: parseTime(rng![3]),
          stepMs: parseTime(rng![4]),
          expects: [],
          results: [],
        };
    if (legacy) cmd.expects.push({ kind: legacy as Expectation['kind'] });
    for (const l of block()) {
      if (l.text.startsWith('expect ')) cmd.expects.push(parseExpect(l.text.slice(7).trim()));
      else cmd.results.push(l);
    }
    cmds.push(cmd);
  }
  return cmds;
}
