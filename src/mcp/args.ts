/** Shared argument handling for the MCP tools: datasource checks, times, selectors. */
import { DATASOURCES, type Datasource, grafanaTime } from '../backend/index.js';

export class ArgError extends Error {}

export function datasource(uid: string, type: Datasource['type']): Datasource {
  const d = DATASOURCES.find((x) => x.uid === uid);
  if (!d)
    throw new ArgError(
      `datasource with UID '${uid}' not found (known: ${DATASOURCES.map((x) => x.uid).join(', ')})`,
    );
  if (d.type !== type) throw new ArgError(`datasource ${uid} is of type ${d.type}, not ${type}`);
  return d;
}

/** RFC3339 or relative (`now`, `now-1h`) against the golden's now; unix seconds out. */
export function timeArg(name: string, s: string | undefined, nowMs: number, def: number): string {
  const ms = grafanaTime(s, nowMs, def);
  if (ms === undefined)
    throw new ArgError(`parsing ${name}: "${s}" is neither RFC3339 nor a relative time like now-1h`);
  return (ms / 1000).toFixed(3);
}

export interface Selector {
  filters: { name: string; value: string; type?: string }[];
}

/** mcp-grafana's selector objects → PromQL selector strings for `match[]`. */
export function matchersOf(matches: Selector[] | undefined): string[] {
  return (matches ?? []).map(
    (m) => `{${m.filters.map((f) => `${f.name}${f.type || '='}${JSON.stringify(f.value)}`).join(', ')}}`,
  );
}
