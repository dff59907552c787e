/**
 * The health and readiness probes load balancers, Kubernetes and clients poll before they query:
 * Prometheus' `/-/healthy` and `/-/ready` (web/web.go: `"%s is Healthy.\n"` with the app name
 * "Prometheus Server", GET and HEAD) and Loki's `/ready` (pkg/loki/loki.go: `http.Error(w,
 * "ready", 200)`, so `ready\n`, GET only). Answered by the HTTP adapter itself: they say whether
 * the server is up, not anything about the world, and stay out of the query log.
 */
import type { ApiResponse } from '../api.js';
import { TEXT_TYPE } from '../loki/index.js';

interface Probe {
  text: string;
  methods: readonly string[];
}

const PROBES: Record<string, Probe> = {
  '/-/healthy': { text: 'Prometheus Server is Healthy.\n', methods: ['GET', 'HEAD'] },
  '/-/ready': { text: 'Prometheus Server is Ready.\n', methods: ['GET', 'HEAD'] },
  '/ready': { text: 'ready\n', methods: ['GET'] },
};

/** The probe's answer, a 405 for a method it does not take, or undefined when `path` is no probe. */
export function probeAnswer(path: string, method: string): ApiResponse | undefined {
  const probe = PROBES[path];
  if (!probe) return undefined;
  if (!probe.methods.includes(method)) {
    return { status: 405, text: 'Method Not Allowed\n', headers: { allow: probe.methods.join(', ') } };
  }
  return {
    status: 200,
    text: probe.text,
    headers: { 'content-type': TEXT_TYPE, 'x-content-type-options': 'nosniff' },
  };
}
