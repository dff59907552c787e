import { expect, it } from 'vitest';
import type { Api } from '../../src/backend/api.js';
import { FAULT_APIS } from '../../src/formats/rules/golden-faults.js';

// formats/ may not import backend/, so it keeps its own list; `npm test` type-checks that they agree.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const same: Same<Api, (typeof FAULT_APIS)[number]> = true;

it('knows exactly the backend APIs a fault can name', () => {
  expect(same).toBe(true);
  expect(new Set(FAULT_APIS).size).toBe(FAULT_APIS.length);
});
