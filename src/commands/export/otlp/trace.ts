/**
 * One trial's trace as an OTLP/JSON ExportTraceServiceRequest (docs/otlp.md): one resource (the
 * bench, with the run id), one scope, and the trial's spans — the session, its ReAcTree nodes, its
 * model turns, its tool calls, in that order — with gate verdicts as span events. Pure: the same
 * trace and ids give the same request, byte for byte.
 *
 * Times are on the trial's clock: the trace header's `startedAt` plus each event's `t`. For a sim
 * (virtual clock) that is simulated time laid out from the real instant the trial started.
 */
import type { Trace } from '../../../formats/run/index.js';
import { nodeKey, nodeSpans, SESSION, sessionSpan, type TrialVerdict } from './agents.js';
import { callSpans, turnSpans } from './calls.js';
import { attributes, type KeyValue } from './encode.js';
import { addEvents } from './events.js';
import type { OtlpSpan, TrialClock } from './span.js';

export type { OtlpEvent, OtlpSpan } from './span.js';

/** The instrumentation scope every exported span carries. */
export const OTLP_SCOPE = { name: 'rematch.export.otlp', version: '1' } as const;

export interface ExportTraceServiceRequest {
  resourceSpans: {
    resource: { attributes: KeyValue[]; droppedAttributesCount: number };
    scopeSpans: { scope: { name: string; version: string }; spans: OtlpSpan[] }[];
  }[];
}

export interface OtlpTrial extends TrialVerdict {
  runId: string;
  /** The trial's id in the run (its journal key), e.g. `checkout-db-pool/sim-diligent-react/all/r1`. */
  id: string;
}

export function otlpRequestOf(trace: Trace, trial: OtlpTrial): ExportTraceServiceRequest {
  const c: TrialClock = { runId: trial.runId, trialId: trial.id, startedAt: trace.header.startedAt };
  const nodes = nodeSpans(trace, c);
  const withSpan = new Set(nodes.map(([key]) => key));
  const parentOf = (node: string): string => (withSpan.has(nodeKey(node)) ? nodeKey(node) : SESSION);
  const byKey = new Map<string, OtlpSpan>([
    [SESSION, sessionSpan(trace, c, trial)],
    ...nodes,
    ...turnSpans(trace, c, parentOf),
    ...callSpans(trace, c, parentOf),
  ]);
  addEvents(trace, c, byKey);
  const resource = attributes({ 'service.name': 'rematch', 'rematch.run.id': trial.runId });
  return {
    resourceSpans: [
      {
        resource: { attributes: resource, droppedAttributesCount: 0 },
        scopeSpans: [{ scope: { ...OTLP_SCOPE }, spans: [...byKey.values()] }],
      },
    ],
  };
}
