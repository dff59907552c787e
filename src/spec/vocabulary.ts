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
