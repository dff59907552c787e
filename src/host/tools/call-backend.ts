/** The one place host tools touch the backend: wire request out, typed observation back. */
import type { Api, ApiParams, ApiResponse } from '../../backend/api.js';
import { boundData } from '../../protocol/bound.js';
import { classify } from '../../protocol/classify.js';
import type { ToolContext, ToolOutput } from './types.js';

export async function callBackend(api: Api, params: ApiParams, ctx: ToolContext): Promise<ToolOutput> {
  let res: ApiResponse;
  try {
    res = await ctx.backend.handle({ api, params, origin: ctx.callId, signal: ctx.signal });
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    return { ...classify({ status: 0, text: message }), api, httpStatus: 0, wire: message };
  }
  return toolOutputOf(api, res);
}

/** A wire answer as a tool output: the classifier's typed observation, bounded, and the raw body. */
export function toolOutputOf(api: Api, res: ApiResponse): ToolOutput {
  const c = classify(res);
  const bounded = c.data === undefined ? { data: undefined, truncated: false } : boundData(c.data);
  const out: ToolOutput = {
    ...c,
    data: bounded.data,
    api,
    httpStatus: res.status,
    wire: res.json !== undefined ? res.json : res.text,
    queueMs: res.timing?.queueMs ?? 0,
  };
  if (bounded.truncated) out.truncated = true;
  if (res.fault) out.fault = res.fault;
  // A body that lies (untyped-200): the true class is the fault's; the classifier's is what a
  // typed client shows, kept as `typed` for the failureClass view.
  if (res.truth) {
    out.typed = { outcome: c.outcome, n: c.n, data: out.data };
    Object.assign(out, { outcome: res.truth.outcome, n: 0, error: res.truth.error });
  }
  if (res.selection) out.selection = res.selection;
  if (res.catalog) out.catalog = res.catalog;
  return out;
}

/** A bad argument caught by the host before any backend call: the agent is told what is wrong. */
export function rejectArgs(message: string): ToolOutput {
  return { outcome: 'rejected', n: 0, error: { type: 'bad_args', message } };
}
