export { strictScorer } from './strict-scorer';
export { compareReadings, equalAtPrecision, type StrictComparison } from './compare-readings';
export { readingFromNumber, readingFromParsed, readingFromText, type Reading } from './reading';
