/**
 * Trial views: files a reporter makes in each trial's folder as the trial ends, wherever it ran.
 * A view is a module named by its URL (a reporter's `trialView`: report.html's timeline detail is
 * one) exporting `writeTrialView(input)`; the main thread loads it for the trials it scores, and
 * each worker thread loads it for its own (pool.ts), so per-trial report work is spread over the
 * threads as the trials are, instead of waiting for the run's end on one. The executor knows
 * nothing of what a view writes. A view's file is derived: one that fails is not the trial's
 * failure (its reporter makes the same file again at the end), so its error is only counted.
 */
import type { TrialViewInput } from '../plan/types.js';

export type { TrialViewInput };

export type TrialView = (input: TrialViewInput) => void;

/**
 * The views of `urls`, loaded (each module's `writeTrialView`). One that does not load is left out
 * and counted, like a view that throws: its reporter makes its files at the end.
 */
export async function loadTrialViews(urls: readonly string[]): Promise<TrialView[]> {
  const loaded = await Promise.all(
    urls.map(async (url) => {
      try {
        const m = (await import(url)) as { writeTrialView?: unknown };
        if (typeof m.writeTrialView === 'function') return m.writeTrialView as TrialView;
      } catch {
        // counted below
      }
      failedViews++;
      return undefined;
    }),
  );
  return loaded.filter((v): v is TrialView => v !== undefined);
}

/** Views that failed in this thread (a test reads it; the reporter covers for each). */
export let failedViews = 0;

/** Every view for one trial; a view that throws is counted and left to its reporter's end. */
export function writeTrialViews(views: readonly TrialView[], input: TrialViewInput): void {
  for (const v of views) {
    try {
      v(input);
    } catch {
      failedViews++;
    }
  }
}
