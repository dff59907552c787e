/**
 * Prometheus/Loki result data → Grafana data frames in their JSON wire shape
 * (`{schema: {fields}, data: {values: [[...], [...]]}}`, one column array per field). Sample values
 * are numbers; NaN and ±Inf cannot be JSON numbers, so they travel as null plus an `entities`
 * entry naming their rows, as Grafana encodes them.
 */
type Rec = Record<string, unknown>;
const isRec = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);

export interface Frame {
  schema: { name?: string; refId: string; meta?: Rec; fields: Rec[] };
  data: { values: unknown[][]; entities?: (Rec | null)[] };
}

function labelsOf(item: Rec): Record<string, string> {
  const m = isRec(item.metric) ? item.metric : isRec(item.stream) ? item.stream : {};
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(m)) out[k] = String(v);
  return out;
}

function seriesName(l: Record<string, string>): string {
  const { __name__: name, ...rest } = l;
  const inner = Object.entries(rest)
    .map(([k, v]) => `${k}="${v}"`)
    .join(', ');
  return `${name ?? ''}{${inner}}`;
}

function numberFrame(refId: string, item: Rec, samples: unknown[], meta: Rec): Frame {
  const times: number[] = [];
  const values: (number | null)[] = [];
  const special: Record<string, number[]> = {};
  for (const s of samples) {
    if (!Array.isArray(s)) continue;
    times.push(Math.round(Number(s[0]) * 1000));
    const v = Number(s[1]);
    if (Number.isFinite(v)) values.push(v);
    else {
      const key = Number.isNaN(v) ? 'NaN' : v > 0 ? 'Inf' : 'NegInf';
      (special[key] ??= []).push(values.length);
      values.push(null);
    }
  }
  const labels = labelsOf(item);
  const frame: Frame = {
    schema: {
      name: seriesName(labels),
      refId,
      meta,
      fields: [
        { name: 'Time', type: 'time', typeInfo: { frame: 'time.Time' } },
        { name: 'Value', type: 'number', typeInfo: { frame: 'float64', nullable: true }, labels },
      ],
    },
    data: { values: [times, values] },
  };
  if (Object.keys(special).length > 0) frame.data.entities = [null, special];
  return frame;
}

function streamsFrame(refId: string, result: unknown[], meta: Rec): Frame {
  const rows: { labels: Record<string, string>; ns: string; line: string }[] = [];
  for (const st of result) {
    if (!isRec(st) || !Array.isArray(st.values)) continue;
    const labels = labelsOf(st);
    for (const e of st.values)
      if (Array.isArray(e)) rows.push({ labels, ns: String(e[0]), line: String(e[1]) });
  }
  return {
    schema: {
      refId,
      meta: { ...meta, type: 'log-lines', typeVersion: [0, 0] },
      fields: [
        { name: 'labels', type: 'other', typeInfo: { frame: 'json.RawMessage' } },
        { name: 'Time', type: 'time', typeInfo: { frame: 'time.Time' } },
        { name: 'Line', type: 'string', typeInfo: { frame: 'string' } },
        { name: 'tsNs', type: 'string', typeInfo: { frame: 'string' } },
        { name: 'id', type: 'string', typeInfo: { frame: 'string' } },
      ],
    },
    data: {
      values: [
        rows.map((r) => r.labels),
        rows.map((r) => Number(BigInt(r.ns) / 1_000_000n)),
        rows.map((r) => r.line),
        rows.map((r) => r.ns),
        rows.map((r, i) => `${r.ns}_${refId}_${i}`),
      ],
    },
  };
}

/** Frames for one refId's success payload (`data` of a Prometheus or Loki query answer). */
export function framesOf(refId: string, data: unknown, executed: string): Frame[] {
  if (!isRec(data)) return [];
  const meta: Rec = { executedQueryString: executed };
  const result = data.result;
  switch (data.resultType) {
    case 'matrix':
      return (Array.isArray(result) ? result : []).filter(isRec).map((it) =>
        numberFrame(refId, it, Array.isArray(it.values) ? it.values : [], {
          ...meta,
          type: 'timeseries-multi',
        }),
      );
    case 'vector':
      return (Array.isArray(result) ? result : [])
        .filter(isRec)
        .map((it) => numberFrame(refId, it, [it.value], { ...meta, type: 'numeric-multi' }));
    case 'scalar':
      return [numberFrame(refId, {}, [result], { ...meta, type: 'numeric-multi' })];
    case 'streams':
      return [streamsFrame(refId, Array.isArray(result) ? result : [], meta)];
    default:
      return [];
  }
}
