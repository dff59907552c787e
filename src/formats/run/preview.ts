/**
 * Sample values a result showed the agent, read back from a trace's `tool_result.preview`: the values of
 * `[timestamp, "value"]` pairs of a vector, matrix or scalar. Log lines are not samples: the
 * digits of their timestamps, ids and durations are never read as measured values.
 */
const PAIR = /\[\s*-?\d+(?:\.\d+)?\s*,\s*"([^"]*)"\s*\]/g;

export function sampleValues(preview: string | undefined): number[] {
  if (!preview || /"resultType"\s*:\s*"streams"/.test(preview)) return [];
  const out: number[] = [];
  for (const m of preview.matchAll(PAIR)) {
    const v = Number(m[1]);
    if (Number.isFinite(v)) out.push(v);
  }
  return out;
}
