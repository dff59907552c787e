/**
 * DNS-rebinding protection for the servers the bench runs on loopback (`bench serve`, command
 * seats' servers, `bench mcp --http`). A web page on another site can make the user's browser send
 * requests to 127.0.0.1 once its own name resolves there; such a request still names the foreign
 * site in `Host`, and in `Origin` when a script sends it. So `Host` must be this server's own
 * loopback address and port, and `Origin`, when present, a loopback origin on the same port.
 */
import type { IncomingHttpHeaders } from 'node:http';

const LOOPBACK_NAMES = ['127.0.0.1', 'localhost', '[::1]'];

export interface Refusal {
  status: number;
  text: string;
}

/** null when the request may be served; otherwise the 403 to answer. */
export function loopbackRefusal(headers: IncomingHttpHeaders, port: number): Refusal | null {
  const hosts = LOOPBACK_NAMES.map((h) => `${h}:${port}`);
  const host = headers.host?.toLowerCase();
  if (!host || !hosts.includes(host)) {
    return {
      status: 403,
      text: `forbidden: Host ${JSON.stringify(host ?? '')} is not this server (${hosts[0]})\n`,
    };
  }
  const origin = headers.origin?.toLowerCase();
  if (origin !== undefined && !hosts.some((h) => origin === `http://${h}`)) {
    return {
      status: 403,
      text: `forbidden: Origin ${JSON.stringify(origin)} is not a loopback origin of this server\n`,
    };
  }
  return null;
}

/** Whether an address the server listens on is loopback-only (the guard applies there). */
export function isLoopbackAddress(address: string): boolean {
  return address === '127.0.0.1' || address === '::1' || address.startsWith('127.');
}
