/**
 * The agent host's public API.
 *
 *   runSession(opts: SessionOptions): Promise<SessionResult>
 *
 * Runs one agent session: `react` (one loop) or `reactree` (a tree of agent nodes), with the
 * gates of `opts.gateSet` (docs/gates.md), writing trace events to `opts.trace` as they happen
 * (docs/trace.md). The caller builds the TraceWriter (it writes the header line) and the Backend,
 * and passes the trial's Clock; all waiting goes through it. A `ProviderError` thrown by the model
 * ends the session with stop `error` and `unscored: true`; any other throw is our bug: the `end`
 * event is written, then the error is rethrown.
 *
 * Tool call ids are `c1`, `c2` ... in issue order; the agent cites them as evidence.
 */
import { redact } from '../errors.js';
import { ProviderError } from '../protocol/model.js';
import type { Concluded } from './conclude.js';
import { writeEnd } from './end.js';
import { Session } from './session.js';
import { runReact, runReactree } from './shapes/index.js';
import type { SessionOptions, SessionResult } from './types.js';

export { classify } from '../protocol/classify.js';
export { guidanceFor, hasGuidance } from '../protocol/guidance.js';
export { TraceWriter } from '../protocol/trace-writer.js';
export type { GateContext, GateFactory, GateInstance, SessionView, Verdict } from './gates/index.js';
export {
  ALL_GATES,
  BASELINE_OF,
  FACTORIES as GATES,
  fingerprintOf,
  GATE_ORDER,
  type GateSetMeaning,
  gateSetMeaning,
  gateSetsOf,
  inOrder,
  maskMessage,
  queryShape,
  resolveGateSet,
  resolveGateSets,
} from './gates/index.js';
export { resultFingerprint } from './observe.js';
export {
  type GatedBackend,
  type GatedOptions,
  gatedBackend,
  IDLE_MS,
  SurfaceSession,
} from './surface/index.js';
export { TOOLS, type ToolOutput, toolOutputOf } from './tools/index.js';
export type {
  Budget,
  GateSetSpec,
  NodeInfo,
  SessionOptions,
  SessionResult,
  Shape,
  TheorySource,
} from './types.js';

export async function runSession(opts: SessionOptions): Promise<SessionResult> {
  const s = new Session(opts);
  let out: Concluded;
  let error: string | undefined;
  try {
    out = opts.shape === 'reactree' ? await runReactree(s) : await runReact(s);
  } catch (e) {
    if (!(e instanceof ProviderError)) {
      writeEnd(s, 'error', { unscored: true, error: redactKeys(e instanceof Error ? e.message : String(e)) });
      throw e;
    }
    error = redactKeys(e.message);
    out = { theory: null, source: null, stop: 'error' };
  }
  const end = writeEnd(s, out.stop, error !== undefined ? { unscored: true, error } : {});
  return {
    theory: out.theory,
    theorySource: out.source,
    stop: out.stop,
    end,
    sets: {
      required: { A: [...s.required.A], B: [...s.required.B] },
      gainExhausted: s.gates.gainExhausted(),
    },
  };
}

/** Provider messages go into traces and reports: anything shaped like an API key is masked. */
export function redactKeys(text: string): string {
  return redact(text, []);
}
