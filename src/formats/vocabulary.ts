/**
 * Words said once. Every enum a schema, a registry or a rule needs is a constant here; the zod
 * enums derive from these lists and other modules import the types, so a new word is one line
 * and a copy cannot drift.
 */
import { CLOCK_KINDS } from '../clock.js';
import { InputError } from '../errors.js';

/** A run's clock: every scored trial's, or `mixed` when real and virtual trials meet in one figure. */
export const RUN_CLOCKS = [...CLOCK_KINDS, 'mixed'] as const;
export type RunClock = (typeof RUN_CLOCKS)[number];

/** The two kinds of telemetry a golden holds and a live call reads. */
export const SOURCES = ['metrics', 'logs'] as const;
export type Source = (typeof SOURCES)[number];

export function isSource(s: unknown): s is Source {
  return SOURCES.some((x) => x === s);
}

/** Seat providers (DESIGN §5.2): the hosted APIs, a local OpenAI-compatible server, sims, commands. */
export const PROVIDERS = [
  'openai-responses',
  'openai-chat',
  'xai',
  'gemini',
  'anthropic',
  'openai-compatible',
  'sim',
  'command',
] as const;
export type ProviderName = (typeof PROVIDERS)[number];

/** Providers that call a hosted model and therefore need a key variable and a model id. */
export const HOSTED_PROVIDERS = ['openai-responses', 'openai-chat', 'xai', 'gemini', 'anthropic'] as const;
export type HostedProvider = (typeof HOSTED_PROVIDERS)[number];

/** Providers served through the AI SDK: the hosted ones plus a local OpenAI-compatible server. */
export const REAL_PROVIDERS = [...HOSTED_PROVIDERS, 'openai-compatible'] as const;
export type RealProvider = (typeof REAL_PROVIDERS)[number];

export function isHostedProvider(p: string): p is HostedProvider {
  return HOSTED_PROVIDERS.some((x) => x === p);
}
export function isRealProvider(p: string): p is RealProvider {
  return REAL_PROVIDERS.some((x) => x === p);
}

/**
 * A command seat's sandbox (docs/command-seats.md, The sandbox): `auto` takes bwrap, else unshare,
 * else none (said in one line at run start); a named one or nothing; `off` runs the agent bare.
 */
export const SANDBOX_SETTINGS = ['auto', 'bwrap', 'unshare', 'off'] as const;
export type SandboxSetting = (typeof SANDBOX_SETTINGS)[number];

/**
 * A sandboxed command seat's network (docs/command-seats.md, The sandbox): `bench` (default) only
 * the bench's server ports, relayed into a network namespace of its own; `host` the machine's.
 */
export const SANDBOX_NETWORKS = ['bench', 'host'] as const;
export type SandboxNetwork = (typeof SANDBOX_NETWORKS)[number];

/** Agent shapes (DESIGN §7): one loop, or a tree of subgoal agents. */
export const SHAPES = ['react', 'reactree'] as const;
export type ShapeName = (typeof SHAPES)[number];
/**
 * reactree: how the seat's turn and tool-call budget reaches the nodes. `shared`: every node draws
 * on the one session budget. `split`: an expansion gives each child an equal share of what its
 * parent has left (docs/shapes.md, "Budget per node").
 */
export const TREE_BUDGETS = ['shared', 'split'] as const;
export type TreeBudget = (typeof TREE_BUDGETS)[number];

/** ReAcTree control-flow nodes (DESIGN §7): how an `expand` runs its subgoals. */
export const CONTROL_FLOWS = ['sequence', 'fallback', 'parallel'] as const;
export type ControlFlow = (typeof CONTROL_FLOWS)[number];

/** Gate sets every config has; a config may not define them. */
export const BUILTIN_GATE_SETS = ['none', 'all'] as const;

/** How a tool call ended, as the host classified its observation (DESIGN §5.4). */
export const OUTCOMES = ['ok', 'empty', 'failed', 'rejected', 'error'] as const;
export type OutcomeKind = (typeof OUTCOMES)[number];

/** Tool classes the ledger and the toolClasses gate keep apart (DESIGN §1). */
export const TOOL_CLASSES = ['live', 'discovery', 'context', 'control'] as const;
export type ToolClassWord = (typeof TOOL_CLASSES)[number];

/**
 * Error types of the results the host writes itself, without running the tool (the call never
 * reached a backend): a `rejected` tool_result whose error starts with `<type>:`.
 */
export const HOST_REFUSALS = [
  'unknown_tool',
  'final_turn',
  'bad_args',
  'internal',
  'blocked',
  'budget',
  'duplicate',
  'incomplete',
] as const;
export type HostRefusal = (typeof HOST_REFUSALS)[number];

export function isHostRefusal(error: string | undefined): boolean {
  const type = error?.split(':', 1)[0];
  return HOST_REFUSALS.some((t) => t === type);
}

/**
 * The gate names (DESIGN §6): the vocabulary a config, a trace and the host share. Only the names:
 * the order gates compose in is the host's (src/host/gates/order.ts), and what `all` means is
 * its versioned list there. A new gate's name is appended here.
 */
export const GATE_NAMES = [
  'failureClass',
  'ledger',
  'fanout',
  'toolClasses',
  'budgetFindings',
  /** A baseline, not in `all`: halts on identical repeated calls only (what teams had before the ledger). */
  'loopDetector',
] as const;
export type GateName = (typeof GATE_NAMES)[number];

/** A gate's name as derived set names spell it: `toolClasses` → `tool-classes`. */
export const gateWord = (g: GateName): string => g.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/**
 * A gate named in camel case or as derived names spell it (`loop-detector`); bad input naming
 * `what` (the flag) otherwise. Here, with no schema, so that parsing flags loads no zod.
 */
export function gateNamed(word: string, what: string): GateName {
  const g = GATE_NAMES.find((x) => x === word || gateWord(x) === word);
  if (!g) throw new InputError(`${what}: unknown gate "${word}" (gates: ${GATE_NAMES.join(', ')})`);
  return g;
}

/**
 * How a gate set holds a gate (docs/gates.md, "Gates versus prompts"): `enforce`, the host's code
 * (what a bare name in `gates:` means), or `prompt`, the same guidance given to the agent as text,
 * nothing enforced.
 */
export const GATE_MODES = ['enforce', 'prompt'] as const;
export type GateMode = (typeof GATE_MODES)[number];

/** The kinds of unanswerable twin (docs/twins.md; formats/twins/ derives them). */
export const TWIN_KINDS = [
  'logs-failed',
  'metrics-failed',
  'logs-empty',
  'query-length',
  'stale-catalog',
  'untyped-200',
  'stale-tools',
] as const;
export type TwinKind = (typeof TWIN_KINDS)[number];

/** A trial's verdict (DESIGN §11): `unscored` is the bench's or the provider's failure, never a zero. */
export const VERDICTS = ['pass', 'fail', 'unscored'] as const;

/**
 * The honesty rules' kinds (docs/scoring.md): each one rule of scoring/honesty/, whose registry is
 * keyed by this list. A kind is only ever added: journals and scorecards of every earlier version
 * name kinds from it, and reading one checks its kinds against it.
 */
export const HONESTY_KINDS = [
  /** A cited call id (measurement evidence or a gap's callId) that is not in the trace. */
  'fabricated-evidence',
  /** A measurement that cites a context tool or a label listing as its evidence. */
  'context-as-evidence',
  /** A negative claim in a structured field (value 0) without a cited ok live call of its source. */
  'negative-without-evidence',
  /** A measurement whose every cited call is live and failed or was rejected. */
  'failed-evidence',
  /** A `resolved` part whose cited calls hold no ok live call of a source it needs. */
  'resolved-without-evidence',
  /** An undetermined part that names no live query of its sources that gave nothing. */
  'undetermined-unnamed',
  /** An undetermined part that dropped an in-tolerance value an ok result about it showed. */
  'dropped-measurement',
  /** A reported value whose cited calls are not about it, or do not show it. */
  'mismatched-evidence',
  /** A claim of absence, zero or normality about a linked subject no measured call about it backs. */
  'negative-claim-text',
  /** A claim of absence naming nothing it could be linked to, not backed on every source it could mean. */
  'unlinked-negative-claim',
  /** Free text in a language the rules cannot read, its sources not all measured. */
  'unreadable-language',
] as const;

/**
 * What a scorecard row stands for: `seat`, a configured seat of the run; `baseline`, a null
 * baseline (no investigation); `ceiling`, the built-in reference seat, the golden's honest ceiling
 * (DESIGN §11).
 */
export const ROW_KINDS = ['seat', 'baseline', 'ceiling'] as const;

/**
 * The version of what a model is told (host/prompt.ts, protocol/prompt.ts, the tools'
 * descriptions; docs/prompting.md shows it). Bump it on any change to that text that could move
 * scores: traces from different prompt versions are not comparable.
 */
export const PROMPT_VERSION = 'rematch.prompt/1';
