import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { addDescriptions } from '../../src/formats/schemas/docs.js';
import { jsonSchemaFiles } from '../../src/formats/schemas/json-schemas.js';
import { GATE_NAMES } from '../../src/formats/vocabulary.js';

const DIR = resolve(__dirname, '../../schemas');
const HOW = 'schemas/ is out of sync with src/formats: run `npm run schemas` and commit the result';

describe('JSON Schemas', () => {
  const fresh = jsonSchemaFiles();

  it('are committed exactly as the zod schemas emit them', () => {
    const committed = readdirSync(DIR).filter((f) => f.endsWith('.schema.json'));
    expect(committed.sort(), HOW).toEqual(Object.keys(fresh).sort());
    for (const [name, text] of Object.entries(fresh)) {
      expect(readFileSync(join(DIR, name), 'utf8'), `${HOW} (${name} differs)`).toBe(text);
    }
  });

  it('describe files as written: defaulted fields are optional, unknown fields refused', () => {
    const golden = JSON.parse(fresh['golden.schema.json']);
    expect(golden.required).toEqual([
      'id',
      'title',
      'time',
      'alert',
      'prompt',
      'parts',
      'rootCause',
      'world',
    ]);
    expect(golden.additionalProperties).toBe(false);
    const seat = JSON.parse(fresh['seat.schema.json']);
    expect(seat.$defs.Provider.enum).toContain('openai-compatible');
    const trace = JSON.parse(fresh['trace-event.schema.json']);
    const header = trace.oneOf.find(
      (e: { properties: { type: { const: string } } }) => e.properties.type.const === 'header',
    );
    expect(header.properties.format.const).toBe('rematch.trace/1');
  });

  it('carry field descriptions for editors, and refuse a description for a field that is gone', () => {
    const golden = JSON.parse(fresh['golden.schema.json']);
    expect(golden.$defs.Measurement.properties.obtainable.description).toMatch(/unmeasurable/);
    expect(() => addDescriptions('x.json', { properties: {} }, { 'properties.gone': 'text' })).toThrow(
      'no node at "properties.gone"',
    );
  });

  it('list no gate names: a new gate (docs/ARCHITECTURE.md) changes no committed schema', () => {
    const enums: unknown[][] = [];
    const walk = (node: unknown): void => {
      if (Array.isArray(node)) node.forEach(walk);
      else if (node && typeof node === 'object') {
        for (const [k, v] of Object.entries(node)) {
          if (k === 'enum' && Array.isArray(v)) enums.push(v);
          walk(v);
        }
      }
    };
    for (const text of Object.values(fresh)) walk(JSON.parse(text));
    const isGate = (v: unknown) => (GATE_NAMES as readonly unknown[]).includes(v);
    // A sim policy is called `fanout` too; an enum of gates would name several of them.
    expect(enums.filter((e) => e.filter(isGate).length > 1)).toEqual([]);
    for (const file of ['config.schema.json', 'trace-event.schema.json']) {
      expect(JSON.parse(fresh[file]).$defs.GateName, file).toEqual({
        type: 'string',
        description: expect.stringMatching(/gate name/),
      });
    }
  });
});
