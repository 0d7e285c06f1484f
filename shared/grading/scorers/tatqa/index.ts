export { tatqaScorer } from './tatqa-scorer';
export { tatqaMetric, getAnswerStr, getMetrics, type TatqaMetricResult } from './tatqa-metric';
export { normalizeAnswer } from './tatqa-normalize';
export { toNumber, isNumber } from './tatqa-number';
