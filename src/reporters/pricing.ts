/**
 * Where a scorecard's costs come from: each priced seat's prices with their source and date (from
 * the seat file, recorded in run.json), the run's total, and its spend cap. Prices go stale, so a
 * reader is told which ones, and how old, made the cost column.
 */
import type { Scorecard } from '../scoring/index.js';
import { mdEsc, mdText } from './md.js';

const usd = (x: number): string => `$${Number(x.toFixed(4))}`;

export function pricingLines(sc: Scorecard): string[] {
  const prices = Object.entries(sc.run.pricing ?? {});
  const cap = sc.run.maxCost;
  if (!prices.length && cap === undefined) return [];
  const spent = sc.trials.reduce((a, t) => a + (t.score.costUsd ?? 0), 0);
  const out = ['## Cost', ''];
  out.push(
    `Spent ${usd(spent)} over ${sc.trials.length} trials` +
      (cap !== undefined ? `, spend cap ${usd(cap)} (\`--max-cost\` / \`maxCost\`).` : '.') +
      " Cost = tokens × the seat's prices (USD per million input / output tokens):",
    '',
  );
  for (const [seat, p] of prices) {
    const from = p.source ? ` from ${mdText(p.source)}` : ', source not stated in the seat file';
    const asOf = p.asOf ? `, as of ${mdText(p.asOf)}` : '';
    out.push(`- ${mdEsc(seat)}: ${p.inputPerMTok} / ${p.outputPerMTok}${from}${asOf}`);
  }
  return out;
}
