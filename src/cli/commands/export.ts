/**
 * `bench export otlp DIR [--out FILE | --endpoint URL]`: a run folder's traces as OpenTelemetry;
 * and its way back in, `bench import otlp FILE --out DIR`: any agent's OTLP traces as bench traces.
 */
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
  program
    .command('import')
    .description("read another format's traces as bench traces")
    .command('otlp')
    .description(
      "an OTLP file's traces (OTLP/JSON or protobuf; bench export otlp's, or GenAI / OpenInference spans of any agent) as trace.jsonl files (docs/import.md)",
    )
    .argument('<file>', 'OTLP file: JSONL of ExportTraceServiceRequest, one request, an array, or protobuf')
    .requiredOption('--out <dir>', 'folder for <n>/trace.jsonl and <n>/theory.json')
    .option('--golden <id|path>', "the golden a foreign agent's trace is of (its id goes in each header)")
    .option('-c, --config <file>', 'config file (default: bench.config.yaml)')
    .action(async (file: string, flags: { out: string; golden?: string; config?: string }) => {
      const { importOtlp } = await import('../../commands/import/index.js');
      importOtlp(file, flags, {
        stdout: (s) => process.stdout.write(s),
        stderr: (s) => process.stderr.write(s),
      });
    });
}
