// Numbers as written in finance text: signs, accounting parentheses, scale words, percent.
export { parseNumber } from './parse-number';
export { findNumbers } from './find-numbers';
export { negativeByParentheses } from './parentheses';
export { quantityOf, halfUlpOf, type ParsedNumber, type NumberUnit } from './parsed-number';
export {
  SCALE_FACTORS,
  scaleFactor,
  scaleFromLabel,
  scaleFromWord,
  type ScaleName,
} from './scale-words';
export { cleanNumberText, asciiDigits, unicodeDigitValue } from './clean-number-text';
export { decimalsOfFloat, decimalsOfText } from './precision';
