/**
 * `fanout`: fires many copies of one query in a single wave — label variants (per instance, per
 * code ...) found through discovery, padded with time-shifted copies to a seeded 8–12 — and
 * aggregates them. It accepts whatever the host does with the excess (deferred or refused) and
 * reads every answer it gets. The fan-out cap gate exists for this seat. Shown the cap as text
 * (`fanout: prompt`), it follows it in a share of trials (providers/sim/guidance.ts): the same calls,
 * sent in turns of at most the cap the text names per tool and backend.
 */
import { TOOL } from '../../../protocol/tools.js';
import { checkLimits } from '../limits.js';
import { discoverLabels, readLines, recordGap, recordOk } from '../measure.js';
import type { PartId, RouteSpec } from '../routes.js';
import { alertFirstQuery, queryCall, retargetByValues, routesOf, selectorOf } from '../routes.js';
import { answersFor, type IssuedCall, lockstep, submitStep, wave } from '../steps.js';
import { writeTheory } from '../theory.js';
import { treeChild, treeRoot } from '../tree.js';
import type { PlannedCall, Policy, SimContext, Turns } from '../types.js';

const SPLIT_LABELS = ['instance', 'pod', 'code', 'status', 'route', 'method', 'level', 'region'];

/** Add `name="value"` to every selector of the query. */
function narrow(query: string, name: string, value: string): string {
  return query.replace(/\{([^{}]*)\}/g, (_, inner: string) =>
    inner.trim() ? `{${inner}, ${name}="${value}"}` : `{${name}="${value}"}`,
  );
}

function* splitBy(_ctx: SimContext, r: RouteSpec): Turns<{ label: string; values: string[] } | undefined> {
  const sel = selectorOf(r.query!);
  if (!sel) return undefined;
  const have = new Set(sel.pairs.map(([n]) => n));
  const names: IssuedCall = { name: TOOL.labelNames, args: { source: r.source, match: sel.text } };
  const [n] = answersFor([names], yield* wave(`Which labels split ${sel.text}?`, [names]));
  const label = SPLIT_LABELS.find((l) => n?.names.includes(l) && !have.has(l));
  if (!label) return undefined;
  const values: IssuedCall = { name: TOOL.labelValues, args: { source: r.source, label, match: sel.text } };
  const [v] = answersFor([values], yield* wave(`Listing ${label} values.`, [values]));
  return { label, values: v?.names ?? [] };
}

/**
 * The queries it fans out. Logs queries start from the alert's labels; the fan-out seat lists
 * labels before it queries anything, so it moves them to the labels the logs use up front.
 */
function* startingRoutes(ctx: SimContext, part: PartId): Turns<RouteSpec[]> {
  const routes = routesOf(ctx.golden, part).filter((x) => {
    if (!x.query) recordGap(ctx, x, '', undefined, 'no route');
    return x.query !== undefined;
  });
  const firsts = routes.map((x) => alertFirstQuery(ctx.golden, x));
  const at = firsts.findIndex((q) => q !== undefined);
  if (at < 0) return routes;
  const label = selectorOf(firsts[at]!)?.pairs[0]?.[0] ?? '';
  const values = yield* discoverLabels('logs', label, `Part ${part}: which labels do the log streams carry?`);
  return routes.map((x, i) => {
    const q = firsts[i];
    if (q === undefined) return x;
    const prefer = selectorOf(x.query!)?.pairs.map((p) => p[2]) ?? [];
    return { ...x, query: retargetByValues(q, values, prefer) ?? q };
  });
}

/**
 * The calls as turns: all at once, or (following the cap's guidance) turns holding at most `cap`
 * calls of one tool per backend, in order.
 */
function inTurnsOf(calls: IssuedCall[], cap: number | undefined): IssuedCall[][] {
  if (cap === undefined) return [calls];
  const turns: IssuedCall[][] = [];
  const counts: Map<string, number>[] = [];
  for (const c of calls) {
    const a = c.args as { source?: string };
    const key = `${c.name} ${a.source ?? ''}`;
    let k = 0;
    while ((counts[k]?.get(key) ?? 0) >= cap) k++;
    turns[k] ??= [];
    counts[k] ??= new Map();
    turns[k].push(c);
    counts[k].set(key, (counts[k].get(key) ?? 0) + 1);
  }
  return turns;
}

/** The part's first route goes out as 8–12 copies in one wave; the rest are asked once each. */
function* fanPart(ctx: SimContext, part: PartId): Turns<void> {
  const [r, ...rest] = yield* startingRoutes(ctx, part);
  if (!r) return;
  const split = yield* splitBy(ctx, r);
  const copies = ctx.rng.int(8, 12);
  const calls: PlannedCall[] = [queryCall(r.source, r.query!, r.at)];
  for (const v of split?.values ?? []) {
    if (calls.length >= copies) break;
    calls.push(queryCall(r.source, narrow(r.query!, split!.label, v), r.at));
  }
  const labelled = calls.length - 1;
  // Pad with the same question a minute apart each: cheap copies that still hit the backend.
  for (let k = 1; calls.length < copies; k++) {
    calls.push(queryCall(r.source, r.query!, new Date(Date.parse(r.at) - k * 60_000).toISOString()));
  }
  const others: PlannedCall[] = rest.map((x) => queryCall(x.source, x.query!, x.at));
  const all = [...calls, ...others] as IssuedCall[];
  const answers: ReturnType<typeof answersFor> = [];
  const turns = inTurnsOf(all, ctx.follows('fanout')?.fanoutCap);
  for (const [k, batch] of turns.entries()) {
    const text =
      turns.length === 1
        ? `Part ${part}: fanning out ${calls.length} copies of ${r.id}.`
        : `Part ${part}: copies of ${r.id}, turn ${k + 1} of ${turns.length} (at most the cap per turn).`;
    answers.push(...answersFor(batch, yield* wave(text, batch)));
  }
  const whole = answers[0];
  const parts = answers.slice(1, 1 + labelled);
  if (whole?.value !== undefined) recordOk(ctx, r, whole);
  else if (parts.length && parts.every((o) => o.value !== undefined)) {
    // Sum of the per-label answers (right for counts and rates, an approximation otherwise).
    const sum = parts.reduce((a, o) => a + (o.value ?? 0), 0);
    ctx.book.measured.set(r.id, {
      id: r.id,
      part,
      unit: r.unit,
      value: sum,
      evidence: parts.map((o) => o.callId),
    });
  } else recordGap(ctx, r, r.query!, whole);
  rest.forEach((x, i) => {
    const o = answers[calls.length + i];
    if (o?.value !== undefined) recordOk(ctx, x, o);
    else recordGap(ctx, x, x.query!, o);
  });
  yield* checkLimits(ctx, part);
  yield* readLines(ctx, part);
}

function* react(ctx: SimContext): Turns<void> {
  yield* lockstep([fanPart(ctx, 'A'), fanPart(ctx, 'B')]);
  yield submitStep(writeTheory(ctx, 'honest'));
}

export const fanout: Policy = {
  name: 'fanout',
  react,
  root: (ctx) => treeRoot(ctx, ['A', 'B'], 'parallel', () => writeTheory(ctx, 'honest')),
  child: (ctx, part) => treeChild(ctx, part, fanPart(ctx, part)),
  forced: (ctx) => writeTheory(ctx, 'honest'),
  // Diligent apart from its flaw: a Bad Gateway from a stale tool is re-asked after a refresh.
  refreshesStale: true,
};
