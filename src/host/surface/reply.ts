/**
 * What the agent gets back from a gated call, assembled from what the session decided: the answer
 * (or its typed failure), the call id, the steer and halt texts as `Warning` headers, and the
 * typed `gate` note the surfaces render and command seats trace. Pure: the session decides.
 */
import type { ApiRequest, ApiResponse, GateDecision, GateNote } from '../../backend/api.js';
import { CALL_ID_HEADER } from '../../backend/http/index.js';
import type { Shown, Verdict } from '../gates/index.js';
import type { ToolOutput } from '../tools/index.js';
import type { CallRecord } from '../types.js';
import { GATE_HEADER, refusal, typedFailure, warningHeader } from './wire.js';

export interface Answered {
  req: ApiRequest;
  res: ApiResponse;
  out: ToolOutput;
  shown: Shown;
  call: Readonly<CallRecord>;
  verdicts: readonly Verdict[];
  decisions: GateDecision[];
  queuedMs: number;
}

function texts(verdicts: readonly Verdict[]): string[] {
  return verdicts.flatMap((v) => (v.decision === 'steer' || v.decision === 'halt' ? [v.message] : []));
}

export function answered(a: Answered): ApiResponse {
  const { req, res, shown, call } = a;
  const typed = shown.untyped ? undefined : typedFailure(req, res, a.out);
  // A typed failure replaces the body, not what the backend did: its timing, fault and selection stay.
  const kept = {
    timing: res.timing,
    fault: res.fault,
    ...(res.selection ? { selection: res.selection } : {}),
  };
  const sent = typed ? { ...typed, ...kept } : res;
  const messages = texts(a.verdicts);
  const headers: Record<string, string> = { ...sent.headers, [CALL_ID_HEADER]: call.id };
  if (messages.length) {
    headers.warning = warningHeader(messages, call.id);
    headers[GATE_HEADER] = a.verdicts.map((v) => v.decision).join(', ');
  }
  const gate: GateNote = {
    decisions: a.decisions,
    shown: shown.outcome,
    untyped: shown.untyped,
    messages,
    wave: call.wave,
    ...(a.queuedMs > 0 ? { queuedMs: a.queuedMs } : {}),
    ...(typed ? { upstream: { status: res.status, json: res.json, text: res.text } } : {}),
    ...(a.verdicts.some((v) => v.decision === 'halt') ? { halted: true } : {}),
  };
  return { ...sent, headers, gate };
}

/** A call the session answered itself (the host's refusal types): it never reached the backend. */
export function refused(
  req: ApiRequest,
  callId: string,
  wave: number,
  type: 'blocked' | 'final_turn',
  message: string,
  decisions: GateDecision[],
): ApiResponse {
  return notRun(refusal(req, type, message), callId, wave, type, message, decisions);
}

/** A deferred call whose client went away before it ran: 499, as Prometheus answers a canceled query. */
export function canceled(
  req: ApiRequest,
  callId: string,
  wave: number,
  decisions: GateDecision[],
): ApiResponse {
  const message = 'the client went away while the call waited behind the fan-out cap; it never ran';
  return notRun(refusal(req, 'canceled', message, 499), callId, wave, 'canceled', message, decisions);
}

function notRun(
  res: ApiResponse,
  callId: string,
  wave: number,
  type: 'blocked' | 'final_turn' | 'canceled',
  message: string,
  decisions: GateDecision[],
): ApiResponse {
  const gate: GateNote = {
    decisions,
    shown: 'rejected',
    untyped: false,
    messages: [],
    wave,
    refused: { type, message },
  };
  const mark = type === 'blocked' ? 'block' : type === 'final_turn' ? 'halted' : 'canceled';
  const headers = { ...res.headers, [CALL_ID_HEADER]: callId, [GATE_HEADER]: mark };
  return { ...res, headers, gate };
}
