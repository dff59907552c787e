/** Rules on a golden's world definition that hold without generating it. */
import type { Golden } from '../golden/index.js';
import { err, type RuleIssue } from './types.js';

export function worldRules(g: Golden): RuleIssue[] {
  const out: RuleIssue[] = [];
  if (g.world.metrics.length === 0 && g.world.logs.length === 0) {
    out.push(err(['world'], 'the world has neither metrics nor logs'));
  }
  g.world.metrics.forEach((b, i) => {
    if (!('generate' in b)) return;
    const at = ['world', 'metrics', i, 'generate'];
    if (b.generate.type === 'histogram') {
      if (!b.generate.buckets?.length) out.push(err(at, 'a histogram needs `buckets`'));
      if (!b.generate.latency) out.push(err(at, 'a histogram needs `latency`'));
    } else if (b.generate.buckets || b.generate.latency) {
      out.push(err(at, '`buckets` and `latency` are for histograms only'));
    }
  });
  g.world.logs.forEach((b, i) => {
    b.generate?.bursts.forEach((burst, j) => {
      if (burst.template >= (b.generate?.templates.length ?? 0)) {
        out.push(
          err(['world', 'logs', i, 'generate', 'bursts', j, 'template'], `no template #${burst.template}`),
        );
      }
    });
  });
  return out;
}
