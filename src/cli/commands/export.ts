/** `bench export otlp DIR [--out FILE | --endpoint URL]`: a run folder's traces as OpenTelemetry. */
import type { Command } from 'commander';
import { repeatable } from '../../commands/flags.js';

export function register(program: Command): void {
  const exp = program.command('export').description("write a run folder's traces in another format");
  exp
    .command('otlp')
    .description(
      'every trial as OTLP/JSON traces (GenAI semantic conventions): JSONL to --out or stdout, or POSTed to an OTLP/HTTP endpoint (docs/otlp.md)',
    )
    .argument('<dir>', 'run folder')
    .option('--out <file>', 'write one ExportTraceServiceRequest a line (JSONL) to this file')
    .option('--endpoint <url>', 'POST to this OTLP/HTTP endpoint (/v1/traces is appended to a base URL)')
    .option(
      '--header <header>',
      'request header for the endpoint, name=value or "Name: value", e.g. authorization (repeatable; never printed)',
      repeatable,
    )
    .action(async (dir: string, flags: { out?: string; endpoint?: string; header?: string[] }) => {
      const { exportOtlp } = await import('../../commands/export/index.js');
      await exportOtlp(dir, flags, {
        stdout: (s) => process.stdout.write(s),
        stderr: (s) => process.stderr.write(s),
      });
    });
}
