/**
 * OTLP in (docs/import.md): an OTLP file's traces as bench traces, one per OpenTelemetry trace —
 * exactly rebuilt when `bench export otlp` wrote it (native.ts), mapped from GenAI or OpenInference
 * spans when any other agent did (foreign.ts). This index is the part's one door.
 */
import { InputError } from '../../../errors.js';
import type { Trace } from '../../../formats/run/index.js';
import { foreignTrace } from './foreign.js';
import { isNativeSession, nativeTrace } from './native.js';

export { answerResult, type ToolAnswer } from './result.js';
export { type MappedTool, mapTool } from './tools.js';

import { roleOf } from './roles.js';
import { type ImportedSpan, readOtlpFile } from './spans.js';

export interface ImportedTrial {
  /** `rematch.trial.id` for a native trace, else the OpenTelemetry trace id. */
  id: string;
  traceId: string;
  trace: Trace;
  /** Which conventions it was read by. */
  kind: 'rematch' | 'genai' | 'openinference';
}

export interface ImportOptions {
  /** The golden a foreign trace is scored against: its id goes in the header. */
  golden: string;
  note: (s: string) => void;
}

export function importOtlpFile(file: string, o: ImportOptions): ImportedTrial[] {
  return tracesOfSpans(readOtlpFile(file), file, o);
}

export function tracesOfSpans(
  spans: readonly ImportedSpan[],
  file: string,
  o: ImportOptions,
): ImportedTrial[] {
  const byTrace = new Map<string, ImportedSpan[]>();
  for (const s of spans) byTrace.set(s.traceId, [...(byTrace.get(s.traceId) ?? []), s]);
  const out: ImportedTrial[] = [];
  for (const [traceId, list] of byTrace) {
    const ids = new Set(list.map((s) => s.spanId));
    const roots = list.filter((s) => s.parentSpanId === undefined || !ids.has(s.parentSpanId));
    const native = roots.find(isNativeSession);
    if (native) {
      out.push({
        id: String(native.attrs['rematch.trial.id']),
        traceId,
        trace: nativeTrace(native, list),
        kind: 'rematch',
      });
      continue;
    }
    if (!list.some((s) => roleOf(s) !== 'other')) {
      o.note(`${file}: trace ${traceId} (${list.length} spans) has no GenAI or OpenInference span: left out`);
      continue;
    }
    if (roots.length !== 1)
      throw new InputError(
        `${file}: trace ${traceId} has ${roots.length} root spans (${roots.map((r) => `"${r.name}"`).join(', ')}): the trial needs one root, the agent's span; is the file whole?`,
      );
    const oi = list.some((s) => s.attrs['openinference.span.kind'] !== undefined);
    const note = (s: string) => o.note(`${file}: trace ${traceId}: ${s}`);
    out.push({
      id: traceId,
      traceId,
      trace: foreignTrace(roots[0], list, { golden: o.golden, note }),
      kind: oi ? 'openinference' : 'genai',
    });
  }
  if (!out.length) throw new InputError(`${file}: no trace with GenAI or OpenInference spans in it`);
  return out;
}
