/**
 * The watchdog every child process of the bench runs under (command-seat agents, a backfilled
 * Prometheus). The bench starts it (a fresh `node -e`) as the leader of a new process group with
 * an IPC channel; it starts the program in that group and relays its exit. If the bench dies
 * without cleaning up (SIGKILL, a crash), the kernel closes the IPC channel: the watchdog sees
 * `disconnect` (or its parent pid change, checked every 500 ms), sends the group SIGTERM, and
 * SIGKILL a second later, so no agent keeps spending on a paid API and no server is left running.
 * Stop a watched program by signalling its group (`process.kill(-pid, sig)`): the watchdog itself
 * ignores SIGTERM and SIGINT and waits for the program.
 *
 * In a command seat's sandbox (external/sandbox.ts) the watchdog is PID 1 of the sandbox's PID
 * namespace: its "group" is then every process of the namespace (`kill(-1)` spares only PID 1),
 * and its own exit ends the namespace, so the kernel kills whatever is left, a program that left
 * the group (`setsid`, a daemon) included. PID 1 cannot die of a signal sent to itself, so there it
 * exits with 128 + the signal's number, as a shell reports a signal.
 *
 * It is source text, not a module file, so it runs the same from src/ under the tests and from
 * dist/ after a build, with nothing to resolve on disk. Plain CommonJS, no dependencies.
 */
export const WATCHDOG_GRACE_MS = 1_000;

export const WATCHDOG_SOURCE = `
const { spawn } = require('node:child_process');
let argv = process.argv.slice(1);
// --relay=[{port, socket}]: inside a sandbox's own network namespace, 127.0.0.1:port is piped to a
// Unix socket the bench relays to its server (external/relay.ts); the program starts once they listen.
const relay = argv[0] && argv[0].startsWith('--relay=') ? JSON.parse(argv.shift().slice(8)) : [];
const [file, ...args] = argv;
const parent = process.ppid;
const init = process.pid === 1;
let dying = false;
const group = (sig) => { try { process.kill(-process.pid, sig); } catch {} };
const end = () => { if (init) process.exit(137); };
function die() {
  if (dying) return;
  dying = true;
  group('SIGTERM');
  setTimeout(() => { group('SIGKILL'); end(); }, ${WATCHDOG_GRACE_MS});
}
// The bench stops a trial by signalling the whole group: the agent reacts, the watchdog waits for it.
process.on('SIGTERM', () => {});
process.on('SIGINT', () => {});
process.on('SIGHUP', die);
process.on('disconnect', die);
setInterval(() => { if (process.ppid !== parent) die(); }, 500);
const env = { ...process.env };
delete env.NODE_CHANNEL_FD;
delete env.NODE_CHANNEL_SERIALIZATION_MODE;
const failed = (message) => {
  const done = () => process.exit(127);
  if (process.send) process.send({ spawnError: message }, done); else done();
};
function listen({ port, socket }) {
  const net = require('node:net');
  const server = net.createServer((inside) => {
    const out = net.createConnection(socket);
    inside.pipe(out);
    out.pipe(inside);
    const end = () => { inside.destroy(); out.destroy(); };
    for (const s of [inside, out]) s.once('error', end).once('close', end);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
}
Promise.all(relay.map(listen)).then(start, (e) => failed('network relay: ' + e.message));
function start() {
const child = spawn(file, args, { stdio: ['ignore', 'inherit', 'inherit'], env });
child.on('error', (e) => failed(e.message));
child.on('exit', (code, sig) => {
  if (dying) { group('SIGKILL'); return end(); }
  if (sig && init) process.exit(128 + (require('node:os').constants.signals[sig] ?? 0));
  if (sig) {
    process.removeAllListeners('SIGTERM');
    process.removeAllListeners('SIGINT');
    process.kill(process.pid, sig);
  } else process.exit(code ?? 1);
});
}
`;

/**
 * How to start `argv` under the watchdog: spawn `file` with `args`, `detached: true` (its own
 * process group) and an `'ipc'` entry in `stdio`. The program's stdout/stderr are the watchdog's.
 * With `relay` (a sandbox with its own network, external/relay.ts), the watchdog first listens on
 * each port and starts the program once they all do.
 */
export function watched(
  argv: readonly string[],
  relay: readonly { port: number; socket: string }[] = [],
): { file: string; args: string[] } {
  const spec = relay.length ? [`--relay=${JSON.stringify(relay)}`] : [];
  return { file: process.execPath, args: ['-e', WATCHDOG_SOURCE, '--', ...spec, ...argv] };
}
