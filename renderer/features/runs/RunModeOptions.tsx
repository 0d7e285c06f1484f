import { RunMode } from '../../../shared/runs/run';
import { MODE_LABEL } from './run-text';

/** How a model answers, as a select's options: the run modes in the contract's order. */
export function RunModeOptions() {
  return RunMode.options.map((m) => (
    <option key={m} value={m}>
      {MODE_LABEL[m]}
    </option>
  ));
}
