/**
 * Global setup: every file a test writes under the system's temp directory goes into one folder
 * of this run, removed at teardown whatever happened. Setup points TMPDIR (which `os.tmpdir()`
 * reads on each call) at a fresh folder in this, the main process, before any worker starts, so
 * every worker and every process they start inherits it. Before, tests that made a scratch folder
 * and never removed it left thousands of folders in /tmp over a day of runs.
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export default function setup(): () => void {
  const previous = process.env.TMPDIR;
  const root = mkdtempSync(join(tmpdir(), 'rematch-test-'));
  // as /tmp is: a test that runs a server as another user (PostgreSQL as nobody) reaches its folder
  chmodSync(root, 0o1777);
  process.env.TMPDIR = root;
  return () => {
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
    try {
      rmSync(root, { recursive: true, force: true, maxRetries: 3 });
    } catch (e) {
      // a leftover process still writing there is leftovers.ts's to report, not a second failure
      process.stderr.write(`test/setup/scratch.ts: could not remove ${root}: ${(e as Error).message}\n`);
    }
  };
}
