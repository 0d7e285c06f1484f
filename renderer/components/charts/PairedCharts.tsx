import type { IntervalBar } from './interval-bars';
import { symmetricDomain } from './interval-bars';
import { IntervalBarChart } from './IntervalBarChart';

interface Props {
  accuracy: IntervalBar[];
  difference: IntervalBar[];
  /** Who is subtracted from whom: "A − B", "expert − model". */
  differenceOf: string;
}

/**
 * Two sides on the same questions: accuracy with Wilson intervals beside the paired difference
 * with its bootstrap interval (a run comparison and the human-vs-model gap show both).
 */
export function PairedCharts({ accuracy, difference, differenceOf }: Props) {
  return (
    <div className="chart-row">
      <IntervalBarChart
        title="Accuracy on the paired questions, % (Wilson 95%)"
        bars={accuracy}
        labelWidth={200}
      />
      <IntervalBarChart
        title={`Difference ${differenceOf}, points (paired bootstrap 95%)`}
        bars={difference}
        domain={symmetricDomain(difference)}
        unit=" pp"
      />
    </div>
  );
}
