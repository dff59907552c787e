/** `bench capture --prometheus URL --loki URL --start T --end T --measure-metrics id=q --measure-logs id=q --out DIR`. */
import type { Command } from 'commander';
import { repeatable } from '../../commands/flags.js';

export function register(program: Command): void {
  program
    .command('capture')
    .description('capture a live Prometheus and Loki window into a golden folder (docs/capture.md)')
    .option('--prometheus <url>', 'Prometheus base URL')
    .option('--loki <url>', 'Loki base URL')
    .requiredOption('--start <time>', 'window start (RFC 3339)')
    .requiredOption('--end <time>', 'window end (RFC 3339)')
    .option('--now <time>', "the golden's now, where truths are evaluated (default: --end)")
    .requiredOption('--out <dir>', 'golden folder to write (golden.yaml)')
    .option('--id <id>', 'golden id (default: captured)')
    .option(
      '--select <selector>',
      'metric selector to capture (repeatable; default: the alert and measures)',
      repeatable,
      [],
    )
    .option(
      '--logs <selector>',
      'LogQL stream selector to capture (repeatable; default: the log measures)',
      repeatable,
      [],
    )
    .option('--alert <name>', 'alerting rule to take from /api/v1/rules')
    .option('--alert-expr <promql>', 'alert expression when the server has no such rule')
    .option(
      '--measure-metrics <id=promql>',
      'a Part A measurement and its route (repeatable)',
      repeatable,
      [],
    )
    .option('--measure-logs <id=logql>', 'a Part B measurement and its route (repeatable)', repeatable, [])
    .option('--chunk <duration>', 'time chunk of each range query and log page window', '1h')
    .option('--page-limit <n>', 'log lines per query_range page', '5000')
    .option('--bearer-env <NAME>', 'environment variable holding a bearer token')
    .option('--basic-auth-env <NAME>', 'environment variable holding user:password')
    .option('--drop-label <name>', 'label to drop (repeatable)', repeatable, [])
    .option('--hash-label <name>', 'label whose values are replaced by a hash (repeatable)', repeatable, [])
    .option('--redact-line <regex>', 'line fragment to replace by [redacted] (repeatable)', repeatable, [])
    .option('--no-redact', 'keep credential-shaped label values and line fragments')
    .option('--max-series <n>', 'cap on captured series', '10000')
    .option('--max-samples <n>', 'cap on captured samples', '2000000')
    .option('--max-lines <n>', 'cap on captured log lines', '200000')
    .option('--connect-timeout <duration>', 'per request: time to connect', '10s')
    .option(
      '--first-byte-timeout <duration>',
      'per request: time from connected to the answer starting',
      '2m',
    )
    .option('--request-timeout <duration>', 'per request: the whole request, body included', '5m')
    .option(
      '--max-response-bytes <n>',
      'per request: cap on the body in bytes, as sent and as inflated (128 MiB)',
      '134217728',
    )
    .option('--inline', 'write samples and log lines inline in golden.yaml (default: data files beside it)')
    .option('--force', 'replace a golden already at --out (default: refuse it)')
    .action(async (opts) => {
      const { captureCommand } = await import('../../commands/capture/index.js');
      await captureCommand(opts, {
        env: process.env,
        tty: Boolean(process.stderr.isTTY),
        stdout: (s) => process.stdout.write(s),
        stderr: (s) => process.stderr.write(s),
      });
    });
}
