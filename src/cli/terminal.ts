/**
 * What the CLI takes from the process and hands to a command: its terminal (streams, and whether
 * stdout is a TTY) and the `--reporter` names, checked against the registry (exit 2 when unknown).
 */
import type { ReporterName } from '../reporters/registry.js';

export function terminal(): { stdout: NodeJS.WriteStream; stderr: NodeJS.WriteStream; tty: boolean } {
  return { stdout: process.stdout, stderr: process.stderr, tty: Boolean(process.stdout.isTTY) };
}

export async function reporterFlag(names: string[] | undefined): Promise<ReporterName[] | undefined> {
  if (!names) return undefined;
  const { parseReporterNames } = await import('../reporters/registry.js');
  return parseReporterNames(names);
}
