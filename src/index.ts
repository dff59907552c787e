/** The public API of rematch. The CLI and the tests call these; nothing else is promised. */
export * from './errors.js';
export {
  checkConfig,
  checkGolden,
  checkGoldens,
  checkSeat,
  checkSeats,
  loadConfig,
  loadGolden,
  loadGoldens,
  loadSeat,
  loadSeats,
  loadTheory,
  readTrace,
} from './spec/load.js';
export { type ValidationReport, validate } from './run/validate.js';
