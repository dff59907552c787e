/**
 * The ONE builder of a trace's header line: hosted trials, command seats, crash records and
 * baselines all state the same fields the same way. The header's clock is the trial's clock.
 */
import { type HeaderEvent, TRACE_FORMAT } from '../formats/run/index.js';

export interface HeaderInput {
  golden: string;
  seat: { name: string; provider: string; shape: HeaderEvent['shape'] };
  /** What ran: the model id, or a command seat's command line. */
  model: string;
  gateSet: { name: string; gates: HeaderEvent['gates']; prompted?: HeaderEvent['gates'] };
  rep: number;
  seed: number;
  clock: HeaderEvent['clock'];
  /** Set by producers that record `tool_result.fault` for every call a fault fired on. */
  faultsRecorded?: boolean;
  /** Set by producers that record `tool_result.selection` and `values` for every engine-answered query. */
  selectionRecorded?: boolean;
  /** Real wall-clock start; defaults to now. */
  startedAt?: string;
}

export function traceHeader(h: HeaderInput): HeaderEvent {
  return {
    type: 'header',
    format: TRACE_FORMAT,
    golden: h.golden,
    seat: h.seat.name,
    provider: h.seat.provider,
    model: h.model,
    shape: h.seat.shape,
    gateSet: h.gateSet.name,
    gates: h.gateSet.gates,
    ...(h.gateSet.prompted?.length ? { prompted: h.gateSet.prompted } : {}),
    rep: h.rep,
    seed: h.seed,
    clock: h.clock,
    ...(h.faultsRecorded !== undefined ? { faultsRecorded: h.faultsRecorded } : {}),
    ...(h.selectionRecorded !== undefined ? { selectionRecorded: h.selectionRecorded } : {}),
    startedAt: h.startedAt ?? new Date().toISOString(),
  };
}

/** The clock a seat's trials run on: sims on a virtual clock, everything else on the real one. */
export function clockOfProvider(provider: string): HeaderEvent['clock'] {
  return provider === 'sim' ? 'virtual' : 'real';
}
