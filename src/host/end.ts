/** The `end` event: usage, the wall split, and the per-session counts the scorecard reads. */
import type { EndEvent, StopReason } from '../formats/run/index.js';
import type { Session } from './session.js';

export function writeEnd(
  s: Session,
  stop: StopReason,
  extra: { unscored?: boolean; error?: string } = {},
): EndEvent {
  const { tokens, replayed } = s.usage;
  const p = s.opts.pricing;
  const cost = (t: typeof tokens) =>
    p ? (t.input * p.inputPerMTok + t.output * p.outputPerMTok) / 1e6 : undefined;
  const costUsd = cost(tokens);
  const end: EndEvent = {
    type: 'end',
    t: s.t(),
    stop,
    unscored: extra.unscored ?? false,
    error: extra.error,
    usage: {
      turns: s.usage.turns,
      toolCalls: s.usage.toolCalls,
      waves: s.usage.waves,
      maxFanout: s.usage.maxFanout,
      tokens: { ...tokens },
      costUsd,
      // absent when nothing was replayed, so a trace without a cache reads as before
      ...(replayed.turns > 0
        ? {
            replayed: {
              turns: replayed.turns,
              tokens: { ...replayed.tokens },
              costUsd: cost(replayed.tokens),
            },
          }
        : {}),
    },
    wall: { totalMs: s.t(), ...s.wall, ...(s.waits ?? {}) },
    counts: {
      steers: s.counts.steers,
      halts: s.counts.halts,
      fingerprints: s.fingerprints.size,
      untypedEnvelopes: s.counts.untyped,
    },
  };
  s.opts.trace.append(end);
  return end;
}
