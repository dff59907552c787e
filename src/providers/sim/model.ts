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
import { child, partsOfGoal, reactRoot, summarize, treeRoot } from './driver.js';
import { GuidanceFollower } from './guidance.js';
import { sinceLastTurn } from './observe.js';
import { refreshing } from './refresh.js';
import { SimRng, subSeed } from './rng.js';
import type { PartId } from './routes.js';
import { finishStep, submitStep } from './steps.js';
import { partSummary } from './tree.js';
import type {
  Feedback,
  ForcedReason,
  NodeShare,
  Notebook,
  Policy,
  SimContext,
  Step,
  Turns,
} from './types.js';

interface NodeState {
  gen: Turns<void>;
  started: boolean;
  done: boolean;
  /** The node's context: the trial's shared one, or its own notebook (generic children). */
  ctx: SimContext;
  /** This node's own turns and tool calls so far (the generic driver's budget share). */
  turns: number;
  calls: number;
}

/** A child's share under `treeBudget: split`, as its first user message states it. */
function shareOf(req: TurnRequest): NodeShare | undefined {
  for (const m of req.messages) {
    if (m.role !== 'user') continue;
    const x = /Your budget for this subgoal: (\d+) turns and (\d+) tool calls/.exec(m.content);
    if (x) return { turns: Number(x[1]), toolCalls: Number(x[2]) };
  }
  return undefined;
}

function newBook(): Notebook {
  return { measured: new Map(), seen: [], queries: new Map(), limits: [] };
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
  private readonly chars = new Map<string, number>();
  private readonly toolsChars = new WeakMap<TurnRequest['tools'][number], number>();

  constructor(
    private readonly policy: Policy,
    golden: Golden,
    seat: Seat,
    seed: number,
  ) {
    this.id = `sim/${policy.name}`;
    const book = newBook();
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
    const state = this.nodeState(req);
    state.turns++;
    const book = state.ctx.book;
    book.seen.push(...obs);
    for (const o of obs) {
      const q = this.issued.get(o.msgId);
      if (q !== undefined) book.queries.set(o.callId, q);
    }
    for (const h of host) {
      if (h.mark === 'halt' || h.mark === 'budget') this.lastForce = h.mark;
    }
    const step = this.next(req, state, { obs, host });
    state.calls += step.calls.length;
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
    const inChars = req.messages.reduce((n, m) => n + this.counted(m.content), 0) + this.toolChars(req.tools);
    const outChars = charsOf(step.text) + charsOf(JSON.stringify(toolCalls));
    return {
      text: `[sim/${this.policy.name}] ${step.text}`,
      toolCalls,
      usage: { input: Math.ceil(inChars / 4), output: Math.ceil(outChars / 4), reasoning: 0 },
      latencyMs,
      attempts: 1,
    };
  }

  /**
   * `charsOf` of a message, counted once per distinct text: every turn sends the whole history again,
   * so counting it afresh made the estimate quadratic in turns (a twentieth of a default run's CPU).
   */
  private counted(text: string): number {
    let n = this.chars.get(text);
    if (n === undefined) {
      n = charsOf(text);
      this.chars.set(text, n);
    }
    return n;
  }

  /**
   * `charsOf` of the tool list as JSON: the brackets, the commas and each tool's own count, kept per
   * tool object (the host hands over a new list each turn, of the same tools). A number never spans
   * two tools (each is a `{…}`), so the sum is the count of the whole list's text.
   */
  private toolChars(tools: TurnRequest['tools']): number {
    let n = 2 + Math.max(0, tools.length - 1);
    for (const t of tools) {
      let c = this.toolsChars.get(t);
      if (c === undefined) {
        c = charsOf(JSON.stringify(t));
        this.toolsChars.set(t, c);
      }
      n += c;
    }
    return n;
  }

  private forcedNow(req: TurnRequest): boolean {
    const only = req.toolChoice;
    if (typeof only === 'object' && only.tool === TOOL.submitTheory) return true;
    return req.tools.length > 0 && req.tools.every((t) => t.name === TOOL.submitTheory);
  }

  private next(req: TurnRequest, state: NodeState, fb: Feedback): Step {
    if (this.finishNow(req)) {
      // A child whose budget share ran out: it reports what its notebook holds.
      if (state.started && !state.done) state.done = state.gen.next(fb).done === true;
      state.done = true;
      if (this.policy.work) return finishStep(...summarize(state.ctx, partsOfGoal(req.node.goal)));
      const part = partSummary(state.ctx, partOfGoal(req.node.goal));
      return finishStep(part.success, part.summary);
    }
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

  private finishNow(req: TurnRequest): boolean {
    return req.tools.length > 0 && req.tools.every((t) => t.name === TOOL.finishNode);
  }

  private nodeState(req: TurnRequest): NodeState {
    let s = this.nodes.get(req.node.id);
    if (!s) {
      const p = this.policy;
      if (p.work) s = this.genericNode(req, p.work);
      else {
        const tree = this.ctx.seat.shape === 'reactree';
        const made =
          req.node.role === 'child' && p.child
            ? p.child(this.ctx, partOfGoal(req.node.goal), req.node.goal)
            : tree && p.root
              ? p.root(this.ctx)
              : p.react!(this.ctx);
        const gen = p.refreshesStale ? refreshing(made) : made;
        s = { gen, started: false, done: false, ctx: this.ctx, turns: 0, calls: 0 };
      }
      this.nodes.set(req.node.id, s);
    }
    return s;
  }

  /**
   * A node of a policy that gives only `work` (driver.ts): its role from what the host offers it
   * (a child; a root offered `expand`; a root without), a child with its own notebook and the
   * share its first message states, a root with what is left of the seat's budget.
   */
  private genericNode(req: TurnRequest, work: NonNullable<Policy['work']>): NodeState {
    const b = this.ctx.seat.budget;
    if (req.node.role === 'child') {
      const ctx: SimContext = { ...this.ctx, book: newBook() };
      const share = shareOf(req);
      const state: NodeState = {
        gen: undefined as unknown as Turns<void>,
        started: false,
        done: false,
        ctx,
        turns: 0,
        calls: 0,
      };
      const left = (): NodeShare => {
        const u = this.ctx.used();
        const global = { turns: b.turns - u.turns, toolCalls: b.toolCalls - this.toolCalls };
        if (!share) return global;
        return {
          turns: Math.min(global.turns, share.turns - state.turns),
          toolCalls: Math.min(global.toolCalls, share.toolCalls - state.calls),
        };
      };
      state.gen = child(ctx, work, partsOfGoal(req.node.goal), left);
      return state;
    }
    const left = (): NodeShare => ({ turns: b.turns - this.turns, toolCalls: b.toolCalls - this.toolCalls });
    const tree = req.tools.some((t) => t.name === TOOL.expand);
    const gen = tree
      ? treeRoot(this.ctx, work, left, (id) => this.nodes.get(id)?.ctx.book, this.policy.review)
      : reactRoot(this.ctx, work, left);
    return { gen, started: false, done: false, ctx: this.ctx, turns: 0, calls: 0 };
  }
}
