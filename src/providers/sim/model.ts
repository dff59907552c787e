/**
 * SimModel: the `Model` every sim policy runs behind. It keeps one generator per agent node, feeds
 * each the observations and host notes that arrived since its last turn, sleeps a seeded think time
 * on the trial's (virtual) clock, and reports token usage estimated from message sizes (chars/4),
 * so wall-time and token tables mean something for sims too.
 */
import type { Clock } from '../../clock.js';
import type { Golden } from '../../formats/golden/index.js';
import type { Seat } from '../../formats/seat.js';
import type { Model, ToolCall, TurnRequest, TurnResult } from '../../protocol/model.js';
import { TOOL } from '../../protocol/tools.js';
import { GuidanceFollower } from './guidance.js';
import { sinceLastTurn } from './observe.js';
import { refreshing } from './refresh.js';
import { SimRng, subSeed } from './rng.js';
import type { PartId } from './routes.js';
import { finishStep, submitStep } from './steps.js';
import type { Feedback, ForcedReason, Notebook, Policy, SimContext, Step, Turns } from './types.js';

interface NodeState {
  gen: Turns<void>;
  started: boolean;
  done: boolean;
}

/**
 * Characters for the chars/4 token estimate. A number counts as one character: tokenizers spend
 * few tokens on a number, and it keeps the estimate independent of timing stats in wire bodies.
 */
function charsOf(text: string): number {
  return text.replace(/\d+(?:\.\d+)?(?:e[-+]?\d+)?/gi, '0').length;
}

export function partOfGoal(goal: string): PartId {
  return /\bPart\s*B\b/i.test(goal) && !/\bPart\s*A\b/i.test(goal) ? 'B' : 'A';
}

export class SimModel implements Model {
  readonly id: string;
  readonly clock = 'virtual' as const;
  private readonly nodes = new Map<string, NodeState>();
  private readonly ctx: SimContext;
  private readonly guidance: GuidanceFollower;
  private readonly thinkRng: SimRng;
  private readonly thinkMedianMs: number;
  /** `params.thinkMs`: a fixed think time, for schedules a test computes by hand. */
  private readonly thinkFixedMs?: number;
  private turns = 0;
  private toolCalls = 0;
  private nextId = 1;
  /** Query of each call by the sim's own id (answers map them to the host's ids, what evidence cites). */
  private readonly issued = new Map<string, string>();
  /** The last forcing note seen (a halt stays a halt on the forced turn that follows). */
  private lastForce?: ForcedReason;

  constructor(
    private readonly policy: Policy,
    golden: Golden,
    seat: Seat,
    seed: number,
  ) {
    this.id = `sim/${policy.name}`;
    const book: Notebook = { measured: new Map(), seen: [], queries: new Map(), limits: [] };
    const guidance = new GuidanceFollower(policy.name, seed);
    this.guidance = guidance;
    this.ctx = {
      golden,
      seat,
      rng: new SimRng(subSeed(seed, 'policy')),
      book,
      used: () => ({ turns: this.turns, toolCalls: this.toolCalls }),
      follows: (gate) => guidance.follows(gate),
    };
    this.thinkRng = new SimRng(subSeed(seed, 'think'));
    const p = seat.params;
    this.thinkFixedMs = typeof p.thinkMs === 'number' ? p.thinkMs : undefined;
    this.thinkMedianMs =
      typeof p.thinkMedianMs === 'number' ? p.thinkMedianMs : 1500 + this.thinkRng.next() * 2500;
  }

  async turn(req: TurnRequest, clock: Clock): Promise<TurnResult> {
    this.turns++;
    this.guidance.read(req);
    const { obs, host } = sinceLastTurn(req.messages);
    this.ctx.book.seen.push(...obs);
    for (const o of obs) {
      const q = this.issued.get(o.msgId);
      if (q !== undefined) this.ctx.book.queries.set(o.callId, q);
    }
    for (const h of host) {
      if (h.mark === 'halt' || h.mark === 'budget') this.lastForce = h.mark;
    }
    const step = this.next(req, { obs, host });
    const toolCalls: ToolCall[] = step.calls.map((c) => {
      const id = `c${this.nextId++}`;
      (c as { id?: string }).id = id;
      // Keyed by the sim's id until the answer tells the host's id (they differ under reactree,
      // where the children's calls share a wave): `book.queries` holds only host ids.
      const q = (c.args as { query?: unknown })?.query;
      if (typeof q === 'string') this.issued.set(id, q);
      return { id, name: c.name, args: c.args };
    });
    this.toolCalls += toolCalls.length;
    const latencyMs =
      this.thinkFixedMs ??
      Math.round(Math.min(12_000, Math.max(400, this.thinkRng.lognormal(this.thinkMedianMs, 0.35))));
    await clock.sleep(latencyMs, req.signal);
    const inChars =
      req.messages.reduce((n, m) => n + charsOf(m.content), 0) + charsOf(JSON.stringify(req.tools));
    const outChars = charsOf(step.text) + charsOf(JSON.stringify(toolCalls));
    return {
      text: `[sim/${this.policy.name}] ${step.text}`,
      toolCalls,
      usage: { input: Math.ceil(inChars / 4), output: Math.ceil(outChars / 4), reasoning: 0 },
      latencyMs,
      attempts: 1,
    };
  }

  private forcedNow(req: TurnRequest): boolean {
    const only = req.toolChoice;
    if (typeof only === 'object' && only.tool === TOOL.submitTheory) return true;
    return req.tools.length > 0 && req.tools.every((t) => t.name === TOOL.submitTheory);
  }

  private next(req: TurnRequest, fb: Feedback): Step {
    const state = this.nodeState(req);
    if (this.forcedNow(req)) {
      // Let the node take in the last results first (its notebook records them); its next step is moot.
      if (state.started && !state.done) state.done = state.gen.next(fb).done === true;
      return submitStep(
        this.policy.forced(this.ctx, this.lastForce ?? 'blocked'),
        'The host asks for the Theory now.',
      );
    }
    if (!state.done) {
      const r = state.started ? state.gen.next(fb) : state.gen.next(undefined as unknown as Feedback);
      state.started = true;
      if (!r.done) return r.value;
      state.done = true;
    }
    // The node's script is over but the host still asks: close it in the only honest way left.
    if (req.node.role === 'child') return finishStep(false, 'nothing more to do for this subgoal');
    return submitStep(this.policy.forced(this.ctx, 'blocked'));
  }

  private nodeState(req: TurnRequest): NodeState {
    let s = this.nodes.get(req.node.id);
    if (!s) {
      const tree = this.ctx.seat.shape === 'reactree';
      const p = this.policy;
      const made =
        req.node.role === 'child' && p.child
          ? p.child(this.ctx, partOfGoal(req.node.goal), req.node.goal)
          : tree && p.root
            ? p.root(this.ctx)
            : p.react(this.ctx);
      const gen = p.refreshesStale ? refreshing(made) : made;
      s = { gen, started: false, done: false };
      this.nodes.set(req.node.id, s);
    }
    return s;
  }
}
