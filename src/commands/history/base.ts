/**
 * `bench diff --base last-on-<ref>`: the base run taken from the history, so CI needs no artefact of
 * it. It is the newest recorded run, of a clean working tree, whose commit lies on `<ref>`'s
 * first-parent line, nearest the tip: main's newest commit may not have a run yet, and a run with
 * uncommitted changes is not of any commit. Its folder must still exist (the diff reads it).
 */
import { existsSync } from 'node:fs';
import { InputError } from '../../errors.js';
import { firstParents, openHistory } from '../../history/index.js';

export async function baseFromHistory(target: string, ref: string, cwd: string): Promise<string> {
  const commits = await firstParents(cwd, ref);
  if (!commits?.length)
    throw new InputError(
      `last-on-${ref}: git rev-list ${ref} found no commit in ${cwd} (not a checkout, or no such ref)`,
    );
  const store = await openHistory(target, { create: false });
  try {
    const rank = new Map(commits.map((c, i) => [c, i]));
    const runs = (await store.runs())
      .filter((r) => r.commit !== null && r.dirty !== true && rank.has(r.commit) && !r.incomplete)
      .sort((a, b) => (rank.get(a.commit as string) ?? 0) - (rank.get(b.commit as string) ?? 0));
    const run = runs[0];
    if (!run)
      throw new InputError(
        `last-on-${ref}: no run of a clean checkout of the last ${commits.length} commits of ${ref} in ${store.where}`,
      );
    if (!existsSync(run.dir))
      throw new InputError(
        `last-on-${ref}: run ${run.id} (commit ${run.commit?.slice(0, 12)}) is recorded, but its folder ${run.dir} is gone`,
      );
    return run.dir;
  } finally {
    await store.close();
  }
}
