/**
 * The commands that look across runs: `bench diff BASE HEAD` (markdown for a PR comment; exit 1
 * when a --fail-on rule is crossed), `bench history` (the run history: runs, a row's trend,
 * `import DIR...`) and `bench compare RUN_A RUN_B TRIAL` (one trial of two runs side by side).
 * Registered from this one file: src/cli/commands/ is at its file cap.
 */
import type { Command } from 'commander';
import { parseIntFlag, repeatable } from '../../commands/flags.js';
import { type DisplayFlags, terminal } from '../terminal.js';

const RULES =
  'correctness:D, passrate:D, coverage:D, repeats:D, wall:R, tokens:R, cost:R, honesty, verdict, removed, ceiling';

const HISTORY_HELP =
  'the run history: a file, or a postgres:// URL (default: .rematch/history.db beside the config)';

export function register(program: Command): void {
  program
    .command('diff')
    .description(
      'compare two runs (run folders or scorecard.json): markdown out, exit 1 on regression, 2 on unreadable input',
    )
    .argument(
      '<base>',
      'base run folder or scorecard.json, or last-on-<ref> (the newest recorded run of that branch)',
    )
    .argument('<head>', 'head run folder or scorecard.json')
    .option(
      '--fail-on <rules>',
      `regression rules ADDED to the defaults (correctness:0.05,honesty,repeats:1,ceiling,removed); a rule named again takes the new threshold. Rules: ${RULES}`,
    )
    .option('--fail-on-only <rules>', 'regression rules INSTEAD of the defaults (none: judge nothing)')
    .option(
      '--pair <base=head>',
      'compare gate set BASE of the base run with HEAD of the head run, e.g. all=no-ledger (repeatable; automatic when each run has one gate set)',
      repeatable,
    )
    .option('--out <file>', 'also write the markdown to this file')
    .option(
      '-c, --config <file>',
      'config file whose history last-on-<ref> reads (default: bench.config.yaml)',
    )
    .option('--history <target>', `with last-on-<ref>: ${HISTORY_HELP}`)
    .action(
      async (
        base: string,
        head: string,
        flags: {
          failOn?: string;
          failOnOnly?: string;
          pair?: string[];
          out?: string;
          config?: string;
          history?: string;
        },
      ) => {
        const { diffCommand, resolveBase } = await import('../../commands/diff/index.js');
        const baseRun = await resolveBase(base, { ...flags, warn: (l) => process.stderr.write(l) });
        diffCommand(baseRun, head, flags, (s) => process.stdout.write(s));
      },
    );
  registerHistory(program);
  registerCompare(program);
}

interface HistoryFlags extends DisplayFlags {
  history?: string;
  config?: string;
  golden?: string;
  seat?: string;
  gates?: string;
  limit?: string;
  shards?: boolean;
  json?: boolean;
}

function registerHistory(program: Command): void {
  const history = program
    .command('history')
    .description(
      "the run history: runs newest first; with --golden/--seat/--gates a row's trend over runs, where a regression began marked",
    )
    .option('--history <target>', HISTORY_HELP)
    .option(
      '-c, --config <file>',
      'config file beside which the default history sits (default: bench.config.yaml)',
    )
    .option('--golden <id>', "a golden's rows over runs")
    .option('--seat <name>', "a seat's rows over runs")
    .option('--gates <set>', "a gate set's rows over runs")
    .option('--limit <n>', 'runs listed (default 20)')
    .option('--shards', 'list shards too (their merge stands for them by default)')
    .option('--json', 'the same as JSON')
    .option('--width <n>', 'fit the tables to n columns (default: COLUMNS, the terminal, else 120)')
    .action(async (flags: HistoryFlags) => {
      const { configHistory, historyCommand } = await import('../../commands/history/index.js');
      const target = configHistory(flags.history, flags.config) as string;
      const text = await historyCommand(target, {
        golden: flags.golden,
        seat: flags.seat,
        gates: flags.gates,
        limit: flags.limit === undefined ? undefined : parseIntFlag('--limit', flags.limit, 1, 100_000),
        shards: flags.shards,
        json: flags.json,
        display: terminal(flags).display,
      });
      process.stdout.write(text);
    });
  history
    .command('import')
    .description(
      'record run folders (CI artefacts) in the history; importing a folder again replaces its record',
    )
    .argument('<dirs...>', 'run folders')
    .option('--history <target>', HISTORY_HELP)
    .option(
      '-c, --config <file>',
      'config file beside which the default history sits (default: bench.config.yaml)',
    )
    .option('--commit <sha>', 'the git commit the runs are of (a CI artefact does not say)')
    .option('--branch <name>', 'with --commit: its branch')
    .action(
      async (
        dirs: string[],
        flags: { history?: string; config?: string; commit?: string; branch?: string },
      ) => {
        const { configHistory, importRuns } = await import('../../commands/history/index.js');
        // the parent's --history too: `bench history --history X import DIR`
        const parent = history.opts() as { history?: string; config?: string };
        const target = configHistory(
          flags.history ?? parent.history,
          flags.config ?? parent.config,
        ) as string;
        for (const r of await importRuns(target, dirs, { commit: flags.commit, branch: flags.branch }))
          process.stdout.write(
            `${r.result === 'added' ? 'recorded' : 'recorded again'}: ${r.runId} (${r.dir})\n`,
          );
      },
    );
}

function registerCompare(program: Command): void {
  program
    .command('compare')
    .description(
      'one trial of two runs side by side: timelines by turn, the first difference marked, both Theories',
    )
    .argument('<runA>', 'a run folder, or a run id (or its prefix) of the history')
    .argument('<runB>', 'a run folder, or a run id (or its prefix) of the history')
    .argument('<trial>', 'the trial id, e.g. checkout-db-pool/sim-diligent-react/all/r1')
    .option('--history <target>', HISTORY_HELP)
    .option(
      '-c, --config <file>',
      'config file beside which the default history sits (default: bench.config.yaml)',
    )
    .option('--width <n>', 'columns (default: COLUMNS, the terminal, else 120)')
    .action(
      async (
        a: string,
        b: string,
        trial: string,
        flags: DisplayFlags & { history?: string; config?: string },
      ) => {
        const { compareCommand } = await import('../../commands/compare/index.js');
        const { configHistory } = await import('../../commands/history/index.js');
        const text = await compareCommand(a, b, trial, {
          history: configHistory(flags.history, flags.config),
          display: terminal(flags).display,
        });
        process.stdout.write(text);
      },
    );
}
