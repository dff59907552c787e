/**
 * The only way out of a sandboxed agent's network namespace (docs/command-seats.md, The sandbox):
 * the bench's own loopback ports, relayed.
 *
 * With `network: bench` (the default) the agent's sandbox gets a network namespace of its own,
 * which holds nothing but a loopback device: no route to the internet, and the machine's loopback
 * ports (another trial's server, a database on localhost) are not there either, since loopback in a
 * new namespace is a different loopback. To reach the bench's server, the watchdog (PID 1 of the
 * sandbox, watchdog.ts) listens inside the namespace on 127.0.0.1 at each of the server's ports and
 * pipes every connection into a Unix socket in the trial's scratch folder (bound into the
 * sandbox); here, outside, each such socket pipes into 127.0.0.1 at the same port. A Unix socket
 * is a file, so it crosses namespaces where a TCP port does not. Only the ports listed here are
 * relayed; nothing else leaves.
 */
import { rmSync } from 'node:fs';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { join } from 'node:path';

/** One relayed port: the watchdog listens on 127.0.0.1:`port` inside and connects to `socket`. */
export interface RelayPort {
  port: number;
  socket: string;
}

/** Pipes two sockets both ways; either one ending or failing ends the other. */
function splice(a: Socket, b: Socket): void {
  a.pipe(b);
  b.pipe(a);
  const end = () => {
    a.destroy();
    b.destroy();
  };
  a.once('error', end).once('close', end);
  b.once('error', end).once('close', end);
}

/** The ports of the URLs an agent is given (`http://127.0.0.1:PORT`), each once. */
export function portsOf(urls: readonly string[]): number[] {
  return [...new Set(urls.map((u) => Number(new URL(u).port)).filter((p) => p > 0))];
}

/**
 * Listens on one Unix socket per port in `dir` (the trial's scratch folder), each relayed to
 * 127.0.0.1 at that port. `close` stops them and ends every relayed connection.
 */
export async function openRelay(
  dir: string,
  ports: readonly number[],
): Promise<{ ports: RelayPort[]; close: () => Promise<void> }> {
  const servers: Server[] = [];
  const open = new Set<Socket>();
  const relayed: RelayPort[] = [];
  const close = async () => {
    for (const s of open) s.destroy();
    await Promise.all(servers.map((s) => new Promise<void>((r) => s.close(() => r()))));
    for (const p of relayed) rmSync(p.socket, { force: true });
  };
  try {
    for (const port of ports) {
      const socket = join(dir, `net-${port}.sock`);
      const server = createServer((inside) => {
        const outside = createConnection({ host: '127.0.0.1', port });
        for (const s of [inside, outside]) {
          open.add(s);
          s.once('close', () => open.delete(s));
        }
        splice(inside, outside);
      });
      servers.push(server);
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(socket, () => resolve());
      });
      relayed.push({ port, socket });
    }
  } catch (e) {
    await close();
    throw e;
  }
  return { ports: relayed, close };
}
