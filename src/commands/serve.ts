/** `bench serve <golden>`: the golden named as every command names one (commands/resolve.ts), served over HTTP. */
import { type ServeOptions, serveCommand } from '../backend/serve.js';
import { loadConfig } from '../formats/load.js';
import { resolveOneGolden } from './resolve.js';

export function serve(ref: string, opts: ServeOptions & { config?: string } = {}): Promise<void> {
  const { config, ...rest } = opts;
  return serveCommand(
    resolveOneGolden(ref, () => loadConfig(config).config),
    rest,
  );
}
