/**
 * The sim policies: seeded test doubles of agent behaviour (diligent, tweaker, fanout,
 * early-closer, catalog-leaner, plain), each a generator of turns.
 * This index is the part's one door: code outside the folder imports it from here only.
 */
export { catalogLeaner } from './catalog-leaner.js';
export { diligent } from './diligent.js';
export { earlyCloser } from './early-closer.js';
export { fanout } from './fanout.js';
export { plain } from './plain.js';
export { tweaker } from './tweaker.js';
