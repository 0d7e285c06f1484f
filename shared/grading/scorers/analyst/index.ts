export { analystScorer } from './analyst-scorer';
export {
  compareQuantity,
  goldDecimals,
  type Quantity,
  type QuantityComparison,
} from './compare-quantity';
export { judgeTextGold, type TextJudgement } from './text-gold';
