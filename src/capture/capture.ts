/**
 * `bench capture`: samples and lines from live servers → redaction → golden.yaml, then the truths
 * computed on the world that file builds and checked against the live answers.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { InputError } from '../errors.js';
import { LIMITS } from '../formats/limits.js';
import { loadGolden } from '../formats/load.js';
import { instantQuery } from '../promql/query.js';
import { buildWorld } from '../world/build.js';
import { type CapturedAlert, findAlert } from './alert.js';
import { chunkEnds } from './chunks.js';
import { type InlineWorld, writeDataFiles } from './data-files.js';
import { goldenDoc } from './golden-doc.js';
import { captureStreams } from './logs.js';
import { captureSeries } from './metrics.js';
import { redactSeries, redactStreams } from './redact.js';
import { defaultSelectors } from './selectors.js';
import { checkOut, Staging } from './staging.js';
import { type TruthRow, truths } from './truths.js';
import type { CapturedSeries, CapturedStream, CaptureOptions, CaptureProgress } from './types.js';

export interface CaptureResult {
  file: string;
  series: number;
  samples: number;
  streams: number;
  lines: number;
  truths: TruthRow[];
  /** One line per truth whose captured value differs from the live one. */
  differences: string[];
}

export async function capture(
  given: CaptureOptions,
  alertExpr: string | undefined,
  progress: CaptureProgress,
): Promise<CaptureResult> {
  // before any request: a capture that cannot be written is not worth the server's time
  checkOut(given.out, given.force);
  const ruled = await findAlert(given);
  const expr = ruled?.expr ?? alertExpr;
  if (!expr) {
    throw new InputError(
      `capture: no alerting rule ${given.alert ?? '(no --alert given)'} on ${given.prometheus ?? 'no Prometheus'}; give --alert-expr`,
    );
  }
  const o = defaultSelectors(given, expr);
  const alert: CapturedAlert = ruled ?? {
    name: o.alert ?? 'CapturedAlert',
    expr,
    labels: {},
    summary: 'TODO summary',
  };
  const chunks = chunkEnds(o.start, o.end, o.chunkMs).length;
  const sources = (o.prometheus ? o.metricSelectors.length : 0) + (o.loki ? o.logSelectors.length : 0);
  progress.plan(sources * chunks);
  const series = redactSeries(await captureSeries(o, progress), o.redact);
  const streams = redactStreams(await captureStreams(o, progress), o.redact);
  const stage = Staging.open(o.out, o.force);
  try {
    const r = await finish(o, alert, expr, series, streams, stage.dir);
    stage.commit();
    return { ...r, file: join(o.out, 'golden.yaml') };
  } finally {
    stage.discard();
  }
}

/** The golden written into `dir`, loaded back, its truths computed and checked live, written again. */
async function finish(
  o: CaptureOptions,
  alert: CapturedAlert,
  expr: string,
  series: CapturedSeries[],
  streams: CapturedStream[],
  dir: string,
): Promise<CaptureResult> {
  const file = join(dir, 'golden.yaml');
  const write = (t: Map<string, number>, activeAt: number, head = '') => {
    const doc = goldenDoc(o, alert, activeAt, series, streams, t);
    // Default: samples and lines in data files beside golden.yaml; --inline keeps them in the YAML.
    if (!o.inline) doc.world = writeDataFiles(doc.world as InlineWorld, dir);
    const text = head + stringify(doc, { lineWidth: 0 });
    // The loader's own cap: past it the written golden would not load, so say so before writing.
    const bytes = Buffer.byteLength(text);
    if (bytes > LIMITS.yamlBytes) {
      throw new InputError(
        `capture: the golden would be ${bytes} bytes, over the loader's cap of ${LIMITS.yamlBytes} (docs/formats.md#limits); narrow the window or the selectors, or drop --inline`,
      );
    }
    writeFileSync(file, text);
  };
  write(new Map(), o.now);
  const golden = loadGolden(dir);
  const world = buildWorld(golden);
  const every = (alert.intervalSeconds ?? 60) * 1000;
  const activeAt = alert.activeAt ?? firstFiring(world, expr, o, every) ?? o.now;
  const rows = await truths(o, golden, world);
  const differences = rows.filter((r) => r.note).map((r) => `${r.id}: ${r.note}`);
  const head = [
    '# Captured by `bench capture`; fill in the TODOs (title, prompt wording, parts, rootCause).',
    ...rows.map(
      (r) =>
        `# truth ${r.id}: captured ${r.engine ?? 'none'}, live ${r.live ?? 'none'}${r.note ? ` (DIFFERS: ${r.note})` : ''}`,
    ),
    '',
  ].join('\n');
  const t = new Map(rows.filter((r) => r.engine !== undefined).map((r) => [r.id, r.engine as number]));
  write(t, activeAt, head);
  return {
    file,
    series: series.length,
    samples: series.reduce((n, s) => n + s.samples.length, 0),
    streams: streams.length,
    lines: streams.reduce((n, s) => n + s.entries.length, 0),
    truths: rows,
    differences,
  };
}

/**
 * Without a rule's activeAt (a live rule's alerts are those of the wall clock's now): the first
 * evaluation, at the rule's interval (default 1m, docs/goldens.md) from the start, that returns a sample.
 */
function firstFiring(
  world: ReturnType<typeof buildWorld>,
  expr: string,
  o: CaptureOptions,
  every: number,
): number | undefined {
  for (let t = o.start; t <= o.now; t += every) {
    const v = instantQuery(world.metrics, expr, t).value;
    if ((v.type === 'vector' && v.samples.length > 0) || v.type === 'scalar') return t;
  }
  return undefined;
}
