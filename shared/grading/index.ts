// Grading model answers: extraction from free text, official-parity scorers and our strict one.
export * from './verdict';
export { extractAnswer, type ExtractedAnswer } from './extract-answer';
export { findRefusal } from './refusal';
export { summarize, toGradedItem, ruleKey, type GradedItem, type GradeSummary } from './summarize';
export { scorers, getScorer, scorerVersion } from './scorers';
export * from './default-scorers';
