/**
 * The gates as prompt text (`mode: prompt`, docs/gates.md "Gates versus prompts"): for each gate
 * the guidance an agent is given instead of the gate's code, and where it goes. Nothing here is
 * enforced: a gate in prompt mode has no instance in the GateStack; its words are all it is.
 *
 * Where each text goes (the one placement table, `GUIDANCE[gate].at`):
 * - `system`: the system prompt (react, the reactree root and every child), for guidance about the
 *   whole loop (the ledger's "do not repeat a failed probe", the budget's "submit what you have");
 * - `query`: the description of every tool that reads telemetry (live and discovery), for guidance
 *   about reading or sending one call (the typed failure class, the fan-out cap);
 * - `submit`: the description of submit_theory, for guidance about what the Theory may cite (tool
 *   classes).
 * A command seat has no tool descriptions: it gets every text in its prompt file. An MCP client gets
 * `system` and `submit` texts as the server's instructions and `query` texts in the descriptions
 * of the tools that read telemetry.
 *
 * The texts carry the gate's settings (the ledger's thresholds, the cap), and `readGuidance` reads
 * them back out of what an agent was shown: the sims (providers/sim/guidance.ts) follow what they
 * read there, never the gate set itself.
 */
import { type GateName, type GateSettings, LOOP_HALT_AT } from '../formats/config.js';

export type GuidancePlace = 'system' | 'query' | 'submit';

interface GuidanceDef {
  at: GuidancePlace;
  /** The first sentence, fixed whatever the settings: how a reader recognizes the guidance. */
  lead: string;
  text(s: GateSettings): string;
}

/**
 * Partial on purpose: a gate added to the vocabulary has no prompt form until its text is written
 * here, and a set that asks for one is refused by name (host/gates/gate-set.ts), not given nothing.
 */
export const GUIDANCE: Readonly<Partial<Record<GateName, GuidanceDef>>> = {
  failureClass: {
    at: 'query',
    lead: 'Read every answer before you use it.',
    text: () =>
      'Read every answer before you use it. An HTTP 200 can carry a failure (Prometheus "status": "error", ' +
      'a failed envelope, a batch whose every element failed) and an answer with no series or lines is no ' +
      'data: neither is a measurement, and neither is a negative finding.',
  },
  ledger: {
    at: 'system',
    lead: 'Do not repeat a failed probe.',
    text: (s) =>
      'Do not repeat a failed probe. A query that failed or came back empty fails the same way when you send ' +
      'it again with another label value, a wider range or a filter added or removed. ' +
      `When a query has failed (or come back empty) the same way ${s.steerAt} times, take a different route ` +
      '(list the labels, ask another API) or declare the part undetermined, naming the failed query and its ' +
      `call id. When it has failed the same way ${s.haltAt} times, stop querying and submit your Theory now, ` +
      'with the failed query named as a gap.',
  },
  fanout: {
    at: 'query',
    lead: 'Keep each turn small.',
    text: (s) =>
      `Keep each turn small. Send at most ${s.fanoutCap} calls of one query tool to one backend ` +
      '(Prometheus, Loki) in one turn, and the rest after those answer; never send the same call twice in ' +
      'one turn.',
  },
  toolClasses: {
    at: 'submit',
    lead: 'Cite only live queries as evidence.',
    text: () =>
      'Cite only live queries as evidence. Every measurement cites at least one call of a metrics or logs ' +
      'query of its source that answered with data; context tools (search_tools, load_skill, notes, ' +
      'working_memory, dashboards) and label listings are never evidence. Declare a part resolved only when ' +
      'its measurements cite such calls for every source it needs; declare it undetermined only with a gap ' +
      'naming a query of the part that failed or came back empty (query the part first if you have not).',
  },
  loopDetector: {
    at: 'system',
    lead: 'Do not send the same call twice.',
    text: (s) =>
      'Do not send the same call twice. When you have sent one tool call with exactly the same arguments ' +
      `${s.loopHaltAt ?? LOOP_HALT_AT} times, stop querying and submit your Theory now, naming that call and its ` +
      'call id as a gap.',
  },
  budgetFindings: {
    at: 'system',
    lead: 'Your budget is limited (turns, tool calls, tokens, time).',
    text: () =>
      'Your budget is limited (turns, tool calls, tokens, time). When it is nearly spent, stop querying and ' +
      'submit your Theory with what you have: the measurements you obtained, and for each one you could not ' +
      'obtain a gap naming the query that failed.',
  },
};

/** The guidance of a gate set's prompt-mode gates, by place, each text once. */
export type Guidance = Record<GuidancePlace, string[]>;

export const NO_GUIDANCE: Guidance = { system: [], query: [], submit: [] };

export function guidanceFor(prompted: readonly GateName[] | undefined, settings: GateSettings): Guidance {
  const out: Guidance = { system: [], query: [], submit: [] };
  for (const gate of Object.keys(GUIDANCE) as GateName[]) {
    const g = GUIDANCE[gate];
    if (!g || !prompted?.includes(gate)) continue;
    out[g.at].push(g.text(settings));
  }
  return out;
}

/** The gates that have a prompt form (a guidance text). */
export function promptable(gate: GateName): boolean {
  return GUIDANCE[gate] !== undefined;
}

export function hasGuidance(g: Guidance): boolean {
  return g.system.length + g.query.length + g.submit.length > 0;
}

/** A text with the guidance lines after it (a system prompt, one line each). */
export function withLines(base: string, lines: readonly string[]): string {
  return lines.length ? [base, ...lines].join('\n') : base;
}

/** A tool description with the guidance after it (one paragraph). */
export function withSentences(base: string, texts: readonly string[]): string {
  return texts.length ? `${base} ${texts.join(' ')}` : base;
}

/** What a reader finds of each gate's guidance in the texts it was shown, with the numbers it gives. */
export interface GuidanceRead {
  gate: GateName;
  /** ledger: the counts after which to change route and to stop; fanout: the calls per turn. */
  steerAt?: number;
  haltAt?: number;
  fanoutCap?: number;
  loopHaltAt?: number;
}

export function readGuidance(texts: readonly string[]): Map<GateName, GuidanceRead> {
  const all = texts.join('\n');
  const out = new Map<GateName, GuidanceRead>();
  for (const gate of Object.keys(GUIDANCE) as GateName[]) {
    if (!all.includes(GUIDANCE[gate]!.lead)) continue;
    const r: GuidanceRead = { gate };
    if (gate === 'ledger') {
      const steer = /the same way (\d+) times, take a different route/.exec(all);
      const halt = /the same way (\d+) times, stop querying/.exec(all);
      if (steer) r.steerAt = Number(steer[1]);
      if (halt) r.haltAt = Number(halt[1]);
    }
    if (gate === 'fanout') {
      const cap = /Send at most (\d+) calls of one query tool/.exec(all);
      if (cap) r.fanoutCap = Number(cap[1]);
    }
    if (gate === 'loopDetector') {
      const n = /exactly the same arguments (\d+) times/.exec(all);
      if (n) r.loopHaltAt = Number(n[1]);
    }
    out.set(gate, r);
  }
  return out;
}
