/**
 * What the agent gets back from a gated call, assembled from what the session decided: the answer
 * (or its typed failure), the call id, the steer and halt texts as `Warning` headers, and the
 * typed `gate` note the surfaces render and command seats trace. Pure: the session decides.
 */
import type { ApiRequest, ApiResponse, GateDecision, GateNote } from '../../backend/api.js';
import { CALL_ID_HEADER } from '../../backend/call-ids.js';
import type { Shown, Verdict } from '../gates/types.js';
import type { ToolOutput } from '../tools/types.js';
import { GATE_HEADER, refusal, typedFailure, warningHeader } from './wire.js';

export interface Answered {
  req: ApiRequest;
  res: ApiResponse;
  out: ToolOutput;
  shown: Shown;
  callId: string;
  verdicts: readonly Verdict[];
  decisions: GateDecision[];
}

function texts(verdicts: readonly Verdict[]): string[] {
  return verdicts.flatMap((v) => (v.decision === 'steer' || v.decision === 'halt' ? [v.message] : []));
}

export function answered(a: Answered): ApiResponse {
  const { req, res, shown } = a;
  const typed = shown.untyped ? undefined : typedFailure(req, res, a.out);
  const sent = typed ? { ...typed, timing: res.timing, fault: res.fault } : res;
  const messages = texts(a.verdicts);
  const headers: Record<string, string> = { ...sent.headers, [CALL_ID_HEADER]: a.callId };
  if (messages.length) {
    headers.warning = warningHeader(messages);
    headers[GATE_HEADER] = a.verdicts.map((v) => v.decision).join(', ');
  }
  const gate: GateNote = {
    decisions: a.decisions,
    shown: shown.outcome,
    untyped: shown.untyped,
    messages,
    ...(typed ? { upstream: { status: res.status, json: res.json, text: res.text } } : {}),
    ...(a.verdicts.some((v) => v.decision === 'halt') ? { halted: true } : {}),
  };
  return { ...sent, headers, gate };
}

/** A call the session answered itself (the host's refusal types): it never reached the backend. */
export function refused(
  req: ApiRequest,
  callId: string,
  type: 'blocked' | 'final_turn',
  message: string,
  decisions: GateDecision[],
): ApiResponse {
  const res = refusal(req, type, message);
  const gate: GateNote = {
    decisions,
    shown: 'rejected',
    untyped: false,
    messages: [],
    refused: { type, message },
  };
  const headers = {
    ...res.headers,
    [CALL_ID_HEADER]: callId,
    [GATE_HEADER]: type === 'blocked' ? 'block' : 'halted',
  };
  return { ...res, headers, gate };
}
