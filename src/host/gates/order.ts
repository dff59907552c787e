/**
 * The gates, as data: every gate's factory by name (a missing one fails to compile), in the order
 * they compose in, and what the built-in gate set `all` means. Adding a gate is three files: its
 * name in formats/vocabulary.ts `GATE_NAMES`, its file here in gates/, and its line in FACTORIES
 * where it composes (no committed JSON Schema lists gate names). `all` does NOT grow with it: a
 * new gate joins `all` only with a new ALL_GATES version, so an old `all` row and a new one are
 * never silently compared (run.json records the version; `bench diff` says when it changed).
 */
import type { GateName } from '../../formats/config.js';
import { budgetFindings } from './budget-findings.js';
import { failureClass } from './failure-class.js';
import { fanout } from './fanout.js';
import { ledger } from './ledger.js';
import { loopDetector } from './loop-detector.js';
import { toolClasses } from './tool-classes.js';
import type { GateFactory } from './types.js';

/** By name, in composition order: the key order IS the order (GATE_ORDER reads it). */
export const FACTORIES: Readonly<Record<GateName, GateFactory>> = {
  failureClass,
  ledger,
  loopDetector,
  fanout,
  toolClasses,
  budgetFindings,
};

/** Composition order, whatever order a gate set lists its gates in (docs/gates.md). */
export const GATE_ORDER: readonly GateName[] = Object.keys(FACTORIES) as GateName[];

/** The built-in gate set `all`: an explicit list with a version, never "every gate that exists". */
export const ALL_GATES: { readonly version: number; readonly gates: readonly GateName[] } = {
  version: 1,
  gates: ['failureClass', 'ledger', 'fanout', 'toolClasses', 'budgetFindings'],
};

/**
 * Gates outside `all` kept as the baseline of one inside it: what teams had before it. An ablation
 * runs each in that gate's place (`all-ledger+loop-detector`), so the two compare over one control.
 */
export const BASELINE_OF: Readonly<Partial<Record<GateName, GateName>>> = { loopDetector: 'ledger' };

/** The names of a set in composition order. */
export function inOrder(names: readonly GateName[]): GateName[] {
  return GATE_ORDER.filter((n) => names.includes(n));
}
