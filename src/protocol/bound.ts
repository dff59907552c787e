/**
 * Bounding what goes into a prompt: at most MAX_SERIES series, MAX_POINTS values per series and
 * MAX_LINES log lines in total. `n` always reports the full count; `truncated` says data was cut.
 */
export const MAX_SERIES = 50;
export const MAX_POINTS = 100;
export const MAX_LINES = 100;
export const MAX_LIST = 200;

type Rec = Record<string, unknown>;
const isRec = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Loki's `stats` block is dropped: it is engine telemetry, not data, and it carries real-time
 * figures (execTime, bytes per second) that would make virtual-clock traces differ run to run.
 */
export function boundData(raw: unknown): { data: unknown; truncated: boolean } {
  if (Array.isArray(raw)) {
    return raw.length > MAX_LIST
      ? { data: raw.slice(0, MAX_LIST), truncated: true }
      : { data: raw, truncated: false };
  }
  if (!isRec(raw) || !Array.isArray(raw.result)) return { data: raw, truncated: false };
  const { stats: _stats, ...data } = raw;
  if (!Array.isArray(data.result)) return { data, truncated: false };
  let truncated = data.result.length > MAX_SERIES;
  const kept = data.result.slice(0, MAX_SERIES);
  if (data.resultType === 'streams') {
    let budget = MAX_LINES;
    const streams = [];
    for (const st of kept) {
      if (budget <= 0) {
        truncated = true;
        break;
      }
      const values = isRec(st) && Array.isArray(st.values) ? st.values : [];
      if (values.length > budget) truncated = true;
      streams.push({ ...(st as Rec), values: values.slice(0, budget) });
      budget -= Math.min(budget, values.length);
    }
    return { data: { ...data, result: streams }, truncated };
  }
  if (data.resultType === 'matrix') {
    const series = kept.map((s) => {
      const values = isRec(s) && Array.isArray(s.values) ? s.values : [];
      if (values.length > MAX_POINTS) truncated = true;
      return { ...(s as Rec), values: values.slice(0, MAX_POINTS) };
    });
    return { data: { ...data, result: series }, truncated };
  }
  return { data: { ...data, result: kept }, truncated };
}
