/** The alert from `/api/v1/rules` (an alerting rule by name), when the server has it. */
import { getData } from './http.js';
import type { CaptureOptions } from './types.js';
import { RulesData } from './wire.js';

export interface CapturedAlert {
  name: string;
  expr: string;
  labels: Record<string, string>;
  summary: string;
  activeAt?: number;
  forSeconds?: number;
  intervalSeconds?: number;
}

export async function findAlert(o: CaptureOptions): Promise<CapturedAlert | undefined> {
  if (!o.prometheus || !o.alert) return undefined;
  const data = await getData(o, o.prometheus, '/api/v1/rules', { type: 'alert' }, RulesData);
  for (const g of data.groups ?? []) {
    for (const r of g.rules ?? []) {
      if (r.type !== 'alerting' || r.name !== o.alert || !r.query) continue;
      const active = (r.alerts ?? [])
        .map((a) => Date.parse(a.activeAt ?? ''))
        .filter((t) => !Number.isNaN(t));
      return {
        name: r.name,
        expr: r.query,
        labels: r.labels ?? {},
        summary: r.annotations?.summary ?? `${r.name} fired`,
        activeAt: active.length ? Math.min(...active) : undefined,
        forSeconds: r.duration || undefined,
        intervalSeconds: g.interval || undefined,
      };
    }
  }
  return undefined;
}
