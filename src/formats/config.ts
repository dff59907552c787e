/** bench.config.yaml: which goldens, seats and gate sets a plain `bench run` uses, and thresholds. */
import { z } from 'zod';
import { AssertRule } from './assert.js';
import { JudgeConfig } from './judge.js';
import { ProviderLimits } from './rate-limits.js';
import { CacheConfig } from './turn-cache.js';
import { GATE_MODES, GATE_NAMES, TWIN_KINDS } from './vocabulary.js';

/** Every gate of DESIGN §6, each switchable on its own (names: vocabulary.ts; order: the host's). */
export const GateName = z.enum(GATE_NAMES);
export type GateName = z.infer<typeof GateName>;

/** `enforce` (the host's code) or `prompt` (the same guidance as text, nothing enforced). */
export const GateMode = z.enum(GATE_MODES);

/**
 * One item of a gate set's `gates:` list: a gate name (enforced), or a one-key map of a gate name
 * to its mode (`{ledger: prompt}`). One key per item and each gate once per set: rules/config.ts.
 */
// The map first: a bad mode (`{ledger: maybe}`) then reports the mode, not "expected a gate name".
export const GateEntry = z.union([z.partialRecord(GateName, GateMode), GateName]);
export type GateEntry = z.infer<typeof GateEntry>;

/** loopDetector's identical-call count that halts when `gateSettings.loopHaltAt` is unset. */
export const LOOP_HALT_AT = 3;

const GATE_SETTING_FIELDS = {
  /** ledger: sighting number that steers (2 = the second time) and that halts (3). */
  steerAt: z.number().int().min(2),
  haltAt: z.number().int().min(3),
  /** loopDetector: the identical call's count that halts (3 = the third identical call). */
  loopHaltAt: z.number().int().min(2),
  /** fanout: concurrent copies of one tool per backend per wave. */
  fanoutCap: z.number().int().positive(),
  /**
   * fanout: what happens to a call past the cap: `defer` (default: it runs after one finishes) or
   * `refuse` (it is blocked, the agent told to send it again). Unset means `defer`, so a set that
   * does not name it means what it always meant.
   */
  fanoutOver: z.enum(['defer', 'refuse']),
};

export const GateSettings = z
  .object({
    steerAt: GATE_SETTING_FIELDS.steerAt.default(2),
    haltAt: GATE_SETTING_FIELDS.haltAt.default(3),
    /** Unset means 3: optional, so the recorded meaning of every set that does not use it is unchanged. */
    loopHaltAt: GATE_SETTING_FIELDS.loopHaltAt.optional(),
    fanoutCap: GATE_SETTING_FIELDS.fanoutCap.default(3),
    fanoutOver: GATE_SETTING_FIELDS.fanoutOver.optional(),
  })
  .strict();

/**
 * A named set's settings: only what it changes, merged over the config's `gateSettings` (no
 * defaults here, or a set naming one setting would reset the others to the defaults).
 */
export const GateSetSettings = z
  .object({
    steerAt: GATE_SETTING_FIELDS.steerAt.optional(),
    haltAt: GATE_SETTING_FIELDS.haltAt.optional(),
    loopHaltAt: GATE_SETTING_FIELDS.loopHaltAt.optional(),
    fanoutCap: GATE_SETTING_FIELDS.fanoutCap.optional(),
    fanoutOver: GATE_SETTING_FIELDS.fanoutOver.optional(),
  })
  .strict();

export const GateSet = z
  .object({
    gates: z.array(GateEntry),
    settings: GateSetSettings.optional(),
  })
  .strict();

export const ConfigFile = z
  .object({
    goldens: z.array(z.string()).default(['goldens']),
    seats: z.array(z.string()).default(['seats']),
    /** Seat names used when --seat is not given (default: all sim seats found). */
    defaultSeats: z.array(z.string()).optional(),
    gateSets: z.record(z.string(), GateSet).default({}),
    defaultGateSets: z.array(z.string()).default(['none', 'all']),
    /**
     * A plain `bench run` is an ablation (`--ablate`; docs/gates.md, Ablation): none, all, all-<g>,
     * only-<g> and all-<g>-<h>, for every gate (`true`) or the gates listed; then defaultGateSets.
     */
    ablate: z.union([z.boolean(), z.array(GateName).min(1)]).optional(),
    repetitions: z.number().int().positive().default(5),
    seed: z.number().int().default(1),
    concurrency: z.number().int().positive().default(4),
    /** Worker threads for sim trials (execute/pool.ts; `--workers`): absent, one per core; 0, none. */
    workers: z.number().int().nonnegative().optional(),
    /** One reference trial per golden under every gate: the golden's honest ceiling (DESIGN §11). */
    ceiling: z.boolean().default(true),
    /** Unanswerable twins (docs/twins.md) each golden brings into a run, by kind (default none). */
    twins: z.array(z.enum(TWIN_KINDS)).default([]),
    /** Trials sharing one backend timeline per golden (contended mode). */
    contended: z.boolean().default(false),
    gateSettings: GateSettings.default({ steerAt: 2, haltAt: 3, fanoutCap: 3 }),
    thresholds: z
      .object({
        passCorrectness: z.number().min(0).max(1).default(0.8),
        steerHaltAlert: z.number().int().nonnegative().default(1),
        junitMinCorrectness: z.number().min(0).max(1).default(0.5),
      })
      .strict()
      .default({ passCorrectness: 0.8, steerHaltAlert: 1, junitMinCorrectness: 0.5 }),
    outDir: z.string().default('reports'),
    /** Real seats' turn cache (formats/turn-cache.ts; docs/providers.md#turn-cache). */
    cache: CacheConfig.optional(),
    /** Rate limits by provider name, shared by every seat on one key of it (docs/providers.md). */
    limits: ProviderLimits.default({}),
    /** Spend cap in USD (`--max-cost`): no trial starts once the projected spend would pass it. */
    maxCost: z.number().positive().optional(),
    /** What a run must show (formats/assert.ts); a failed rule makes `bench run` exit 1. */
    assert: z.array(AssertRule).default([]),
    /** An LLM judge's second opinion beside the rule-based score, never the verdict (formats/judge.ts). */
    judge: JudgeConfig.optional(),
  })
  .strict();

export type ConfigFile = z.infer<typeof ConfigFile>;
export type GateSettings = z.infer<typeof GateSettings>;
