/** `bench serve <golden>`: the golden named as every command names one (commands/resolve.ts), served over HTTP. */
import { type ServeOptions, serveCommand } from '../../backend/serve.js';
import { loadConfig } from '../../formats/load.js';
import { servedGates } from '../gates-flag.js';
import { resolveOneGolden } from '../resolve.js';

export function serve(
  ref: string,
  opts: Omit<ServeOptions, 'gates'> & { config?: string; gates?: string } = {},
): Promise<void> {
  const { config, gates, ...rest } = opts;
  const cfg = () => loadConfig(config).config;
  const golden = resolveOneGolden(ref, cfg);
  return serveCommand(golden, {
    ...rest,
    ...(gates ? { gates: servedGates(gates, golden, cfg, 'http') } : {}),
  });
}
