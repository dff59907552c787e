/**
 * The markers the host puts on the messages it writes itself, as typed values: the prefix of a
 * host-injected user message (steer, halt, budget ...), and the error type of a result the host
 * answered without running the tool (`<refusal>: ...`, formats/vocabulary.ts). Agents and sims read
 * them through these helpers instead of matching strings of their own.
 */
import { HOST_REFUSALS, type HostRefusal } from '../formats/vocabulary.js';

export { HOST_REFUSALS, type HostRefusal, isHostRefusal } from '../formats/vocabulary.js';

/** Markers at the start of host-injected user messages. */
export const HOST_MARK = {
  steer: '[host:steer]',
  halt: '[host:halt]',
  budget: '[host:budget]',
  blocked: '[host:blocked]',
  incomplete: '[host:incomplete]',
} as const;
export type HostMark = keyof typeof HOST_MARK;

/** The marker a host message starts with, if any. */
export function hostMarkOf(text: string): HostMark | undefined {
  for (const [mark, prefix] of Object.entries(HOST_MARK) as [HostMark, string][]) {
    if (text.startsWith(prefix)) return mark;
  }
  return undefined;
}

/** The host refusal type an error string starts with (`blocked: ...` → `blocked`), if any. */
export function hostRefusalOf(error: string | undefined): HostRefusal | undefined {
  return HOST_REFUSALS.find((t) => error?.startsWith(`${t}:`));
}
