/**
 * What an honest agent does when a tool answers from a broken upstream (the `stale-tools` fault,
 * docs/faults.md): the credentials were accepted and a gateway says `Bad Gateway` about the tool's
 * upstream, so the catalog that listed the tool may be out of date. It re-reads the catalog
 * (`search_tools` with `refresh: true`), asks the same calls again, and goes on with those answers
 * as if they had been the first: its evidence then cites the calls the working tools answered.
 *
 * `refreshing` wraps a node's generator, so every policy that opts in (diligent, reference) gets
 * it without touching its own logic; the careless ones do not (docs/sims.md). It refreshes at most
 * MAX_REFRESHES times per node: a gateway that still fails after a refresh is a failure to name.
 */
import { TOOL } from '../../protocol/tools.js';
import type { Observation } from './observe.js';
import { answersFor, type IssuedCall } from './steps.js';
import type { Feedback, PlannedCall, Turns } from './types.js';

const MAX_REFRESHES = 2;

/** A failure whose text says a gateway could not reach the tool's upstream. */
export function brokenUpstream(o: Observation): boolean {
  if (o.outcome !== 'failed' && o.outcome !== 'error') return false;
  return /\bbad gateway\b/i.test(o.error ?? o.raw);
}

export function* refreshing(inner: Turns<void>): Turns<void> {
  let refreshes = 0;
  let r = inner.next(undefined as unknown as Feedback);
  while (!r.done) {
    const step = r.value;
    let fb: Feedback = yield step;
    const calls = step.calls as IssuedCall[];
    const got = answersFor(calls, fb);
    const broken = got.flatMap((o, i) => (brokenUpstream(o) ? [i] : []));
    if (broken.length && refreshes < MAX_REFRESHES && got.length === calls.length) {
      refreshes += 1;
      const tools = [...new Set(broken.map((i) => calls[i].name))];
      const search: PlannedCall = { name: TOOL.searchTools, args: { query: tools.join(' '), refresh: true } };
      const seen = yield {
        text: `${tools.join(', ')} answered Bad Gateway from its upstream with my credentials accepted: the tool catalog may be stale. Refreshing it.`,
        calls: [search],
      };
      const again: IssuedCall[] = broken.map((i) => ({ name: calls[i].name, args: calls[i].args }));
      const fb2: Feedback = yield {
        text: 'Asking the same calls again on the refreshed catalog.',
        calls: again,
      };
      const retried = answersFor(again, fb2);
      // The retries stand in for the broken answers, under the ids the policy's calls carry.
      const byMsg = new Map(broken.map((i, k) => [got[i].msgId, retried[k]]));
      fb = {
        obs: fb.obs.map((o) => {
          const n = byMsg.get(o.msgId);
          return n ? { ...n, msgId: o.msgId } : o;
        }),
        host: [...fb.host, ...seen.host, ...fb2.host],
      };
    }
    r = inner.next(fb);
  }
}
