/** `npm run schemas`: writes schemas/*.schema.json from the zod schemas in src/formats. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { jsonSchemaFiles } from '../src/formats/schemas/json-schemas.js';

const dir = resolve(import.meta.dirname, '../schemas');
mkdirSync(dir, { recursive: true });
for (const [name, text] of Object.entries(jsonSchemaFiles())) {
  writeFileSync(join(dir, name), text);
  process.stdout.write(`wrote schemas/${name}\n`);
}
