/**
 * The CLI: commander wiring and the one error boundary. Each command lives in cli/commands/<name>.ts,
 * parses its flags, lazy-imports its implementation and calls the public API. Only this file
 * calls process.exit (DESIGN §13: 0 ok, 1 threshold/regression, 2 bad input, 3 internal, 129/130/143
 * interrupted). Every message printed here is masked: an error may quote what an agent wrote.
 */
import { Command, CommanderError } from 'commander';
import { setForceExit } from '../commands/interrupt.js';
import { BenchError, InterruptedError, redact } from '../errors.js';
import { COMMANDS } from './commands/index.js';
import { addColorOption } from './terminal.js';

export async function main(argv: string[]): Promise<void> {
  endQuietlyOnClosedPipe(process.stdout);
  endQuietlyOnClosedPipe(process.stderr);
  const program = new Command('bench')
    .description('rematch: a golden-prompt rematch bench for incident-investigation agents')
    .version('0.1.0')
    .exitOverride()
    .showHelpAfterError();
  addColorOption(program);
  for (const register of COMMANDS) register(program);
  // A second Ctrl-C does not wait for anything (commands/interrupt.ts).
  setForceExit((code) => process.exit(code));
  try {
    await program.parseAsync(argv);
    if (process.exitCode === undefined) process.exitCode = 0;
  } catch (err) {
    process.exitCode = exitCodeFor(err);
    // Interrupted: children are killed and the journal written; a leftover socket or timer must
    // not keep the process alive after the user asked it to stop.
    if (err instanceof InterruptedError) process.exit(err.exitCode);
  }
}

function exitCodeFor(err: unknown): number {
  if (err instanceof CommanderError) {
    // help and version are exits with code 0; usage errors are bad input.
    if (err.exitCode === 0) return 0;
    return 2;
  }
  if (err instanceof BenchError) {
    process.stderr.write(`bench: ${redact(err.message)}\n`);
    return err.exitCode;
  }
  const e = err as Error;
  process.stderr.write(redact(`bench: internal error: ${e?.message ?? String(err)}\n${e?.stack ?? ''}\n`));
  process.stderr.write('This is a bug in rematch; please report it with the command you ran.\n');
  return 3;
}

/**
 * `bench plan | head -1`: once the reader has gone, a write fails with EPIPE, emitted as an
 * 'error' event that would otherwise crash Node (exit 1, a stack trace). A C tool dies of
 * SIGPIPE there; the bench ends at once and quietly, with 0: nothing went wrong that the user
 * did not ask for. Any other failure to write output is the environment's (exit 3).
 */
function endQuietlyOnClosedPipe(stream: NodeJS.WriteStream): void {
  stream.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'EPIPE') process.exit(0);
    if (stream !== process.stderr) process.stderr.write(`bench: cannot write output: ${err.message}\n`);
    process.exit(3);
  });
}
