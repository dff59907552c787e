/**
 * Descriptions added to the emitted JSON Schemas so that editors explain a field on hover. Kept
 * here rather than as `.describe()` calls so the zod contracts stay terse; a path that no longer
 * exists makes emission throw (and the schema sync test fail), so these cannot silently go stale.
 */

type Docs = Record<string, string>;

const GOLDEN: Docs = {
  '': 'A golden: one incident scenario with its telemetry world, faults and truth (docs/goldens.md).',
  'properties.id': 'kebab-case, unique across goldens; by convention the folder name',
  'properties.tags': 'free strings for selection and reporting (dual-part, fault:..., false-positive, ...)',
  'properties.time': 'the world window (RFC3339 start and end) and the moment of the investigation (now)',
  'properties.time.properties.now':
    'when the investigation happens; routes are evaluated here unless `at` says otherwise',
  'properties.alert': 'the alert the agent is paged with; activeAt must be when expr first returns a sample',
  'properties.prompt': 'what the agent receives; it must name every measurement id the agent has to report',
  'properties.parts': 'Part A (by convention from metrics) and Part B (from logs)',
  'properties.rootCause': 'the root cause; every accept group must match the Theory (any term of a group)',
  'properties.rootCause.properties.evidence':
    'measurement ids whose ok live evidence establishes the root cause (default: every obtainable measurement); the reference sim states the root cause only when it obtained them all',
  'properties.weights': 'correctness weights (default rootCause 0.4, A 0.3, B 0.3)',
  'properties.world': 'the telemetry, built deterministically from seed: metric blocks and log blocks',
  'properties.faults': 'faults the backend injects, matched by API, query regex, time range and call count',
  'properties.capacity': 'per backend: concurrent query slots and service latency',
  'properties.skills': 'context texts an agent can load (runbooks); context, never evidence',
  'properties.expect': 'self-checks that `bench validate` runs against the world',
  '$defs.TimeRef': 'an RFC3339 time, or a duration (15s, 64m, 1h30m) meaning an offset from time.start',
  '$defs.Measurement.properties.truth': 'the author-stated value; `bench validate` checks it against route',
  '$defs.Measurement.properties.tolerance': 'abs and/or rel; a value within either counts',
  '$defs.Measurement.properties.source': 'which backend a backing tool call must have queried',
  '$defs.Measurement.properties.route':
    'a canonical query yielding exactly one sample or scalar: PromQL for metrics, a LogQL metric query for logs',
  '$defs.Measurement.properties.at': 'when to evaluate the route (default time.now)',
  '$defs.Measurement.properties.obtainable':
    'false: a fault makes it unmeasurable; no truth, and the honest answer is a gap naming the failed query',
  '$defs.FaultMatch':
    'which calls the fault hits: api names (prom.query, loki.query_range, ... or prometheus/loki), query regex, from/to, calls',
  '$defs.Fault':
    'a fault, by kind: each kind takes only its own fields (status, errorType, message, latency, keep, warnings)',
  '$defs.Expectation.properties.lang': 'promql or logql; inferred when absent (give it for ambiguous LogQL)',
  '$defs.Expectation.properties.faults':
    'true: ask through the fault layer and compare the observation outcome',
};

const SEAT: Docs = {
  '': 'A seat: a configured agent (provider, model, shape, budgets), or a sim policy, or an external command.',
  'properties.model': 'the model id; required for every provider but sim and command',
  'properties.auth.properties.apiKeyEnv':
    'the NAME of the environment variable holding the key; never the key',
  'properties.baseURL': 'openai-compatible seats only: the server base URL (e.g. http://127.0.0.1:11434/v1)',
  'properties.policy': 'sim seats only: the behaviour policy',
  'properties.treeBudget':
    "reactree: shared (every node draws on the seat's budget) or split (each child gets an equal share of what its parent has left)",
  'properties.command': 'command seats only: the external agent argv',
  'properties.sandbox':
    "command seats only: the agent's sandbox: auto (bwrap, else unshare, else none), bwrap, unshare or off",
  'properties.env':
    'command seats only: NAMES of further environment variables the agent gets (values masked in reports)',
  'properties.pricing':
    'USD per million input and output tokens, with where (`source`) and when (`asOf`, YYYY-MM-DD) they were read',
  'properties.limits':
    "this seat's rate limits (requests, input and output tokens per minute, concurrent requests), on top of its provider's in the config",
};

const CONFIG: Docs = {
  '': 'bench.config.yaml: what a plain `bench run` uses (docs/config.md).',
  'properties.goldens': 'golden files, golden folders or folders of golden folders (relative to this file)',
  'properties.seats': 'seat files or folders of seat files (relative to this file)',
  'properties.defaultSeats': 'seat names a run uses without --seat (default: every sim seat)',
  'properties.gateSets': 'named gate sets; `none` and `all` are built in and cannot be redefined',
  'properties.defaultGateSets': 'gate sets a run uses without --gates',
  'properties.gateSettings': 'ledger steerAt/haltAt and fanoutCap every gate set starts from',
  'properties.twins':
    'unanswerable twin kinds (`<id>~<kind>`) each golden brings into a run (docs/twins.md; default none)',
  'properties.ceiling':
    'run one reference trial per golden under every gate, shown as the ceiling row (default true)',
  'properties.limits':
    'rate limits by provider name, shared by every seat on one key (and base URL) of that provider',
  'properties.maxCost':
    'spend cap in USD: no trial starts once the projected spend would pass it (--max-cost)',
};

const THEORY: Docs = {
  '': 'A Theory: the agent final structured answer, submitted through submit_theory.',
  '$defs.TheoryMeasurement.properties.evidence': 'tool-call ids from the trace that back this value',
  '$defs.TheoryMeasurement.properties.note':
    'free text about this value, read for claims like every other free-text field',
  '$defs.TheoryGap.properties.failedQuery':
    'the query that failed, so the gap can be checked against the trace',
};

export const SCHEMA_DOCS: Record<string, Docs> = {
  'golden.schema.json': GOLDEN,
  'seat.schema.json': SEAT,
  'config.schema.json': CONFIG,
  'theory.schema.json': THEORY,
};

/**
 * Sets `description` at each dot path of `schema`; throws on a path that does not exist. Where a
 * node is a union or intersection (`oneOf`/`anyOf`/`allOf`, e.g. a seat by provider) without the next key itself, the path
 * continues into every branch that has it, so one entry documents a field all branches share.
 */
export function addDescriptions(file: string, schema: Record<string, unknown>, docs: Docs = {}): void {
  for (const [path, text] of Object.entries(docs)) {
    let nodes: unknown[] = [schema];
    for (const key of path ? path.split('.') : []) nodes = nodes.flatMap((n) => step(n, key));
    const found = nodes.filter((n): n is Record<string, unknown> => typeof n === 'object' && n !== null);
    if (!found.length) {
      throw new Error(`${file}: no node at "${path}" for its description (src/formats/schemas/docs.ts)`);
    }
    for (const node of found) node.description = text;
  }
}

function step(node: unknown, key: string): unknown[] {
  if (typeof node !== 'object' || node === null) return [];
  const o = node as Record<string, unknown>;
  if (key in o) return [o[key]];
  const branches = [o.allOf, o.oneOf, o.anyOf].filter(Array.isArray).flat();
  return branches.flatMap((b) => step(b, key));
}
