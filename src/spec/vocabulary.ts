/** Words said once: the two kinds of telemetry a golden holds and a live call reads. */
export const SOURCES = ['metrics', 'logs'] as const;
export type Source = (typeof SOURCES)[number];

/**
 * Error types of the results the host writes itself, without running the tool (the call never
 * reached a backend): a `rejected` tool_result whose error starts with `<type>:`.
 */
export const HOST_REFUSALS = [
  'unknown_tool',
  'final_turn',
  'bad_args',
  'internal',
  'blocked',
  'budget',
  'duplicate',
  'incomplete',
] as const;
export type HostRefusal = (typeof HOST_REFUSALS)[number];

export function isHostRefusal(error: string | undefined): boolean {
  const type = error?.split(':', 1)[0];
  return HOST_REFUSALS.some((t) => t === type);
}

/**
 * The gate names (DESIGN §6): the vocabulary a config, a trace and the host share. Only the names:
 * the order gates compose in is the host's (src/host/gates/order.ts), and what `all` means is
 * its versioned list there. A new gate's name is appended here.
 */
export const GATE_NAMES = ['failureClass', 'ledger', 'fanout', 'toolClasses', 'budgetFindings'] as const;
export type GateName = (typeof GATE_NAMES)[number];
