export { docmathScorer } from './docmath-scorer';
export { compareTwoNumbers, withinEps, type DocMathStep } from './compare-two-numbers';
export { normalizeCotString } from './normalize-cot';
export { evalPrediction, type EvaluatedPrediction } from './eval-prediction';
