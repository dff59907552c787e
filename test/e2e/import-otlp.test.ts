/**
 * `bench export otlp` and back: every trial of the default matrix (the shipped config's `bench
 * run`, shared) exported through the built CLI, imported (importOtlpFile, the function `bench score
 * --otlp` and `bench import otlp` call) and scored again gives the very TrialScore its journal
 * holds; the same requests as OTLP/protobuf, encoded by the OpenTelemetry JS SDK's own serializer,
 * import to the same traces; answered again by each golden's world (`againstWorld`, `bench score
 * --against-world`), every call is the same and so is every score, since the world answered them
 * in the first place; a malformed file is exit 2 naming the span.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ProtobufTraceSerializer } from '@opentelemetry/otlp-transformer';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Trace } from '../../src/formats/run/trace.js';
import { againstWorld, importOtlpFile, loadConfig, resolveOneGolden, scoreTrial } from '../../src/index.js';
import type { TrialRecord } from '../../src/scoring/index.js';
import { bench, tempDir } from '../formats/helpers.js';
import { defaultRun } from '../shared-runs.js';
import { decodeRequest, type JsonRequest } from './otlp-decode.js';
import { ROOT } from './otlp-run.js';

let dir = '';
let file = '';
let records: TrialRecord[] = [];

beforeAll(async () => {
  const run = await defaultRun();
  expect(run.status, run.stderr).toBe(0);
  dir = run.dir;
  file = join(tempDir(), 'otlp.jsonl');
  const r = bench(['export', 'otlp', dir, '--out', file], ROOT);
  expect(r.status, r.stderr).toBe(0);
  records = readFileSync(join(dir, 'journal.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l).record as TrialRecord);
}, 600_000);

const lastTheory = (t: Trace) => {
  const th = [...t.events].reverse().find((e) => e.type === 'theory');
  return th?.type === 'theory' ? th.theory : null;
};

describe('bench export otlp, then import: the round trip', () => {
  it('scores every trial of the default matrix exactly as its run did', () => {
    const notes: string[] = [];
    const trials = importOtlpFile(file, { golden: 'unused', note: (s) => notes.push(s) });
    expect(notes).toEqual([]);
    expect(trials.length).toBe(records.length);
    expect(records.length).toBeGreaterThan(100);
    const config = loadConfig(join(ROOT, 'bench.config.yaml')).config;
    const byId = new Map(trials.map((t) => [t.id, t]));
    const goldens = new Map<string, ReturnType<typeof resolveOneGolden>>();
    const goldenOf = (id: string) => {
      let g = goldens.get(id);
      if (!g) goldens.set(id, (g = resolveOneGolden(id, config)));
      return g;
    };
    let same = 0;
    for (const rec of records) {
      const t = byId.get(rec.id);
      expect(t?.kind, rec.id).toBe('rematch');
      if (!t) continue;
      const golden = goldenOf(rec.golden);
      const score = scoreTrial(golden, t.trace, lastTheory(t.trace), {
        passCorrectness: config.thresholds.passCorrectness,
      });
      expect(score, rec.id).toEqual(rec.score);
      same++;
    }
    expect(same).toBe(records.length);
  }, 300_000);

  it('answered again by the golden’s world, every call is the same and so is every score', async () => {
    const trials = importOtlpFile(file, { golden: 'unused', note: () => {} });
    const config = loadConfig(join(ROOT, 'bench.config.yaml')).config;
    const byId = new Map(trials.map((t) => [t.id, t]));
    // each golden resolved (and its world built) once for the whole matrix
    const goldens = new Map<string, ReturnType<typeof resolveOneGolden>>();
    const asked = { same: 0, differs: 0, notAsked: 0 };
    const differing: string[] = [];
    for (const rec of records) {
      const t = byId.get(rec.id);
      if (!t) throw new Error(`no trace for ${rec.id}`);
      let golden = goldens.get(rec.golden);
      if (!golden) goldens.set(rec.golden, (golden = resolveOneGolden(rec.golden, config)));
      const r = await againstWorld(golden, t.trace, lastTheory(t.trace), {
        passCorrectness: config.thresholds.passCorrectness,
      });
      for (const k of ['same', 'differs', 'notAsked'] as const) asked[k] += r.world.counts[k];
      for (const c of r.world.calls)
        if (c.status === 'differs') differing.push(`${rec.id} ${c.id}: ${c.differences.join('; ')}`);
      expect(r.world.shiftMs, rec.id).toBe(0);
      expect(r.score, rec.id).toEqual(rec.score);
    }
    expect(differing).toEqual([]);
    // the matrix's sims query metrics and logs, through faults too: the comparison is not vacuous
    expect(asked.same).toBeGreaterThan(1000);
    expect(asked.notAsked).toBeGreaterThan(0);
  }, 300_000);

  it('reads the same requests as OTLP/protobuf (the SDK serializer) into the same traces', () => {
    const lines = readFileSync(file, 'utf8').trim().split('\n').slice(0, 12);
    const out = tempDir();
    for (const [i, line] of lines.entries()) {
      const spans = decodeRequest(JSON.parse(line) as JsonRequest);
      const bytes = ProtobufTraceSerializer.serializeRequest(spans);
      expect(bytes, 'the SDK serialized the spans').toBeDefined();
      const pb = join(out, `${i}.binpb`);
      const json = join(out, `${i}.json`);
      writeFileSync(pb, bytes as Uint8Array);
      writeFileSync(json, line);
      const none = { golden: 'unused', note: () => {} };
      expect(importOtlpFile(pb, none)).toEqual(importOtlpFile(json, none));
    }
  });

  it('scores a trial with bench score --otlp --trial as bench score --trace does', () => {
    const rec = records.find((r) => r.score.verdict === 'fail') ?? records[0];
    const viaOtlp = bench(['score', '--golden', rec.golden, '--otlp', file, '--trial', rec.id], ROOT);
    const viaTrace = bench(
      ['score', '--golden', rec.golden, '--trace', join(dir, rec.dir, 'trace.jsonl')],
      ROOT,
    );
    expect(viaOtlp.status).toBe(viaTrace.status);
    expect(JSON.parse(viaOtlp.stdout)).toEqual(JSON.parse(viaTrace.stdout));
    expect(JSON.parse(viaOtlp.stdout)).toEqual(rec.score);
    // and answered again by the world through the CLI: the same score, every call the same or not asked
    const world = bench(
      ['score', '--golden', rec.golden, '--otlp', file, '--trial', rec.id, '--against-world'],
      ROOT,
    );
    expect(world.status).toBe(viaTrace.status);
    const { world: section, ...score } = JSON.parse(world.stdout);
    expect(score).toEqual(rec.score);
    expect(section.counts.differs).toBe(0);
    expect(world.stderr).toMatch(/the trace is in the golden's time/);
    // several traces and no --trial: exit 2 naming the way out
    const none = bench(['score', '--golden', rec.golden, '--otlp', file], ROOT);
    expect(none.status).toBe(2);
    expect(none.stderr).toMatch(new RegExp(`${records.length} traces; name one with --trial`));
  });
});
