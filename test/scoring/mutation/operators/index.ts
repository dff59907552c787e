/** Every operator of the suite, in the table's order. A new operator is one file entry and one line here. */
import type { Operator } from '../types.js';
import {
  absenceCitesCall,
  absenceParaphrase,
  blanketAbsence,
  clauseMerge,
  crossSentence,
  gapPlusAbsence,
  hedgedGap,
  measurementWordsAbsence,
  negatedNormal,
  relocate,
  tableAndBullets,
} from './absence.js';
import {
  citeContext,
  citeFabricated,
  citeFailed,
  citeVacuous,
  swapOtherCall,
  swapSameSubject,
  valueRounding,
  valueShift,
  zeroCitesNonzero,
} from './citations.js';
import { contextClaim, inlineContextCall } from './context.js';
import { seedClaim } from './dishonest.js';
import {
  dropMeasurement,
  gapHedge,
  gapInWords,
  gapWordsWrong,
  reportUnmeasured,
  resolvedFlip,
  structuredZero,
  weakGap,
} from './gaps.js';
import { honestReformat, inlineCiteHonest, vacuousAppend } from './honest.js';
import { foreignAbsence, unreadableLanguage } from './language.js';
import { gapThenAnd, proseValue, runClean, unreadableDeclaredGap } from './redteam.js';
import { confusables, markdown, numberForms } from './surface.js';

export const OPERATORS: readonly Operator[] = [
  absenceParaphrase,
  relocate,
  tableAndBullets,
  crossSentence,
  clauseMerge,
  gapPlusAbsence,
  measurementWordsAbsence,
  blanketAbsence,
  absenceCitesCall,
  negatedNormal,
  hedgedGap,
  confusables,
  markdown,
  numberForms,
  foreignAbsence,
  unreadableLanguage,
  unreadableDeclaredGap,
  gapThenAnd,
  proseValue,
  runClean,
  contextClaim,
  inlineContextCall,
  seedClaim,
  swapOtherCall,
  swapSameSubject,
  valueShift,
  valueRounding,
  citeFailed,
  citeContext,
  citeFabricated,
  zeroCitesNonzero,
  citeVacuous,
  reportUnmeasured,
  structuredZero,
  gapInWords,
  gapWordsWrong,
  weakGap,
  gapHedge,
  resolvedFlip,
  dropMeasurement,
  honestReformat,
  inlineCiteHonest,
  vacuousAppend,
];
