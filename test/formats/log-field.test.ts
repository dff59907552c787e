/**
 * Log field generators: a discriminated union on `kind`, written as today's files write it (the
 * settings key names the kind), and the JSON Schema describing that written form.
 */
import { describe, expect, it } from 'vitest';
import { LogField } from '../../src/formats/golden/log-field.js';
import { jsonSchemaFiles } from '../../src/formats/schemas/json-schemas.js';

describe('log field generators', () => {
  it('read the kind off the one settings key; values and lists stay as written', () => {
    expect(LogField.parse('main')).toBe('main');
    expect(LogField.parse([200, 404])).toEqual([200, 404]);
    expect(LogField.parse({ int: [1, 5] })).toEqual({ kind: 'int', int: [1, 5] });
    expect(LogField.parse({ float: [0, 1] })).toEqual({ kind: 'float', float: [0, 1], digits: 2 });
    expect(LogField.parse({ pick: ['a'], weights: [1] })).toEqual({
      kind: 'pick',
      pick: ['a'],
      weights: [1],
    });
    expect(LogField.parse({ uuid: true })).toEqual({ kind: 'uuid', uuid: true });
  });

  it('refuse an unknown generator, two at once, a written kind, and a setting of another kind', () => {
    const issues = (v: unknown) =>
      LogField.safeParse(v).error?.issues.flatMap((i) =>
        i.code === 'invalid_union' ? i.errors.flat().map((e) => e.message) : [i.message],
      );
    expect(issues({ ints: [1, 5] })).toContain(
      'unknown generator "ints": expected a value, a list, or one of pick, int, float, lognormal, duration, hex, uuid',
    );
    expect(issues({ int: [1, 5], hex: 4 })).toContainEqual(
      expect.stringMatching(/^one generator a field, not int and hex/),
    );
    expect(issues({ kind: 'int', int: [1, 5] })).toContain('unknown field (a generator is named by its key)');
    expect(LogField.safeParse({ hex: 4, digits: 2 }).success).toBe(false);
  });

  it('emit the written form for editors: each generator by its key, no `kind`', () => {
    const golden = JSON.parse(jsonSchemaFiles()['golden.schema.json']);
    const field = golden.$defs.LogTemplate.properties.fields.additionalProperties;
    const generators = field.anyOf[2].oneOf as { properties: object; required: string[] }[];
    expect(generators.map((g) => g.required)).toEqual([
      ['pick'],
      ['int'],
      ['float'],
      ['lognormal'],
      ['duration'],
      ['hex'],
      ['uuid'],
    ]);
    for (const g of generators) expect(g.properties).not.toHaveProperty('kind');
  });
});
