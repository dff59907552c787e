/**
 * The sims' susceptibility to prompt guidance (`mode: prompt`, docs/sims.md "Prompt guidance"):
 * the one table of how likely each policy is to follow each gate's guidance text, and the per-trial
 * decision. A sim follows only guidance it was shown (read from its system prompts and tool
 * descriptions with protocol/guidance.ts `readGuidance`, as a model reads them), and only when the
 * trial's draw for that gate says so: one draw per gate and trial from its own seeded sub-stream,
 * so the same seed decides the same way and no other draw of the trial moves.
 *
 * A policy or gate missing from the table follows nothing (p = 0). `diligent` and `reference`
 * already behave as every guidance asks, so the text changes nothing they do.
 */
import type { GateName } from '../../formats/config.js';
import { type GuidanceRead, readGuidance } from '../../protocol/guidance.js';
import type { TurnRequest } from '../../protocol/model.js';
import { SimRng, subSeed } from './rng.js';

/** Probability per trial that a policy follows a gate's guidance when it is shown it. */
export const SUSCEPTIBILITY: Readonly<Record<string, Partial<Record<GateName, number>>>> = {
  /** Obeys the "stop querying" part of the ledger's text (never the "take another route" part, as it ignores a steer). */
  tweaker: { ledger: 0.4 },
  /** Measures the live routes first instead of citing the runbook. */
  'catalog-leaner': { toolClasses: 0.5 },
  /** Investigates Part B before it closes instead of declaring it undetermined unasked. */
  'early-closer': { toolClasses: 0.5 },
  /** Sends its copies in turns of at most the cap the text names. */
  fanout: { fanout: 0.6 },
};

/** What one trial's sim has read and decided: `follows(gate)` is the guidance it acts on, if any. */
export class GuidanceFollower {
  private readonly shown = new Map<GateName, GuidanceRead>();
  private readonly draws = new Map<GateName, number>();

  constructor(
    private readonly policy: string,
    private readonly seed: number,
  ) {}

  /** Takes in what a turn shows the agent: its system messages and its tools' descriptions. */
  read(req: TurnRequest): void {
    const texts = [
      ...req.messages.filter((m) => m.role === 'system').map((m) => m.content),
      ...req.tools.map((t) => t.description),
    ];
    for (const [gate, r] of readGuidance(texts)) if (!this.shown.has(gate)) this.shown.set(gate, r);
  }

  follows(gate: GateName): GuidanceRead | undefined {
    const r = this.shown.get(gate);
    if (!r) return undefined;
    const p = SUSCEPTIBILITY[this.policy]?.[gate] ?? 0;
    return this.draw(gate) < p ? r : undefined;
  }

  private draw(gate: GateName): number {
    let d = this.draws.get(gate);
    if (d === undefined) {
      d = new SimRng(subSeed(this.seed, `guidance:${gate}`)).next();
      this.draws.set(gate, d);
    }
    return d;
  }
}
