// Loaded with `node --import` by scripts/bench-matrix.ts: at exit, the process' own CPU time and
// peak RSS go to the file REMATCH_USAGE_FILE names (a child's rusage is not visible to its parent
// in Node otherwise).
import { writeFileSync } from 'node:fs';

const file = process.env.REMATCH_USAGE_FILE;
if (file)
  process.on('exit', () => {
    const u = process.resourceUsage();
    writeFileSync(
      file,
      JSON.stringify({ userUs: u.userCPUTime, systemUs: u.systemCPUTime, maxRssKb: u.maxRSS }),
    );
  });
