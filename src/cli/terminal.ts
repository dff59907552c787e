/** What the CLI takes from the process and hands to a command: its terminal (streams, and whether stdout is a TTY). */
export function terminal(): { stdout: NodeJS.WriteStream; stderr: NodeJS.WriteStream; tty: boolean } {
  return { stdout: process.stdout, stderr: process.stderr, tty: Boolean(process.stdout.isTTY) };
}
