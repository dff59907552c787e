/** The `end` event: usage, the wall split, and the per-session counts the scorecard reads. */
import type { EndEvent, StopReason } from '../formats/trace.js';
import type { Session } from './session.js';

export function writeEnd(
  s: Session,
  stop: StopReason,
  extra: { unscored?: boolean; error?: string } = {},
): EndEvent {
  const { tokens } = s.usage;
  const p = s.opts.pricing;
  const costUsd = p ? (tokens.input * p.inputPerMTok + tokens.output * p.outputPerMTok) / 1e6 : undefined;
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
