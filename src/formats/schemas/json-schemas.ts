/**
 * JSON Schemas of every file format, emitted from the zod schemas (zod is the authority). They
 * describe files as written (`io: 'input'`: fields with defaults are optional). Cross-field rules
 * and refinements are not expressible here; `bench validate` checks those.
 */
import { z } from 'zod';
import {
  ConfigFile,
  GateEntry,
  GateMode,
  GateName,
  GateSet,
  GateSetSettings,
  GateSettings,
} from '../config.js';
import * as G from '../golden/index.js';
import { LogFieldGenerator, writtenGenerators } from '../golden/index.js';
import * as T from '../run/index.js';
import { Budget, Provider, SeatByProvider } from '../seat.js';
import { Theory, TheoryGap, TheoryMeasurement, TheoryPart } from '../theory.js';
import { addDescriptions, SCHEMA_DOCS } from './docs.js';

const BASE = 'https://rematch.dev/schemas';

/** Sub-schemas that appear under their own name in `$defs` (the rest are inlined). */
const NAMED: Record<string, z.ZodType> = {
  Duration: G.Duration,
  TimeRef: G.TimeRef,
  Tolerance: G.Tolerance,
  Measurement: G.Measurement,
  Part: G.Part,
  ShapeSegment: G.ShapeSegment,
  Signal: G.Signal,
  MetricGenerator: G.MetricGenerator,
  MetricBlock: G.MetricBlock,
  LogTemplate: G.LogTemplate,
  LogGenerator: G.LogGenerator,
  LogBlock: G.LogBlock,
  FaultKind: G.FaultKind,
  LatencyDist: G.LatencyDist,
  FaultMatch: G.FaultMatch,
  Fault: G.Fault,
  Expectation: G.Expectation,
  Capacity: G.Capacity,
  Provider,
  Budget,
  GateName,
  GateMode,
  GateEntry,
  GateSettings,
  GateSetSettings,
  GateSet,
  TheoryMeasurement,
  TheoryGap,
  TheoryPart,
  Outcome: T.Outcome,
  ToolClass: T.ToolClass,
  Decision: T.Decision,
  StopReason: T.StopReason,
};

/**
 * Gate names are the host's to grow: a new gate is its file, its line in host/gates/order.ts and
 * its name in the vocabulary, and no committed schema changes with it. So the schemas say "a gate
 * name" without listing them; `bench validate` and the loaders check the name against the
 * vocabulary (docs/gates.md lists the gates).
 */
function openVocabularies(ctx: { zodSchema: unknown; jsonSchema: Record<string, unknown> }): void {
  if (ctx.zodSchema !== GateName) return;
  delete ctx.jsonSchema.enum;
  ctx.jsonSchema.description = 'a gate name (docs/gates.md); bench validate checks that it exists';
}

/** Where a file is written differently from how it parses (see each helper). */
function asWritten(ctx: { zodSchema: unknown; jsonSchema: Record<string, unknown> }): void {
  openVocabularies(ctx);
  if (ctx.zodSchema === LogFieldGenerator) writtenGenerators(ctx.jsonSchema);
}

function registry(root: z.ZodType): z.core.$ZodRegistry<{ id?: string }> {
  const reg = z.registry<{ id?: string }>();
  for (const [id, schema] of Object.entries(NAMED)) if (schema !== root) reg.add(schema, { id });
  return reg;
}

const FORMATS = {
  golden: { schema: G.GoldenFile, title: 'rematch golden (goldens/<id>/golden.yaml)' },
  seat: {
    // `provider` at the top names every provider once; the branch it picks lists that provider's fields.
    schema: z.object({ provider: Provider }).and(SeatByProvider),
    title: 'rematch seat (seats/*.yaml)',
  },
  config: { schema: ConfigFile, title: 'rematch config (bench.config.yaml)' },
  theory: { schema: Theory, title: 'rematch Theory (the submit_theory argument)' },
  'trace-event': {
    schema: T.TraceEvent,
    title: `rematch trace event (one line of a ${T.TRACE_FORMAT} trace)`,
  },
} as const;

export type SchemaName = keyof typeof FORMATS;

/** File name → JSON text, exactly as committed under schemas/. */
export function jsonSchemaFiles(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, { schema, title }] of Object.entries(FORMATS)) {
    const json = z.toJSONSchema(schema, {
      io: 'input',
      unrepresentable: 'any',
      target: 'draft-2020-12',
      metadata: registry(schema),
      override: asWritten,
    });
    const file = `${name}.schema.json`;
    const doc = { ...json, $id: `${BASE}/${file}`, title };
    addDescriptions(file, doc, SCHEMA_DOCS[file]);
    out[file] = `${JSON.stringify(doc, null, 2)}\n`;
  }
  return out;
}
