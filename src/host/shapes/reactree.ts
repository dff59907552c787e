import type { Concluded } from '../conclude.js';
import type { Session } from '../session.js';
import { runReact } from './react.js';

export async function runReactree(s: Session): Promise<Concluded> {
  return runReact(s);
}
