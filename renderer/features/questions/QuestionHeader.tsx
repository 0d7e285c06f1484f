import type { DatasetSummary } from '../../../shared/datasets/stored-question';
import { AskToggle } from '../../components/AskToggle';
import type { Neighbours } from '../../stores/questions/filter-questions';
import { goToQuestion } from './use-question-navigation';

/**
 * The question screen's header: back to its dataset, the question's number (and its id in the
 * dataset), previous/next in the dataset's list, and the Ask panel's toggle.
 */
export function QuestionHeader({
  id,
  dataset,
  externalId,
  near,
  askOpen,
}: {
  id: number;
  dataset: DatasetSummary | undefined;
  /** Shown once the question is read. */
  externalId: string | undefined;
  near: Neighbours | undefined;
  askOpen: boolean;
}) {
  return (
    <header className="screen-header">
      <div>
        <a href={dataset ? `#/dataset/${dataset.id}` : '#/library'} className="back">
          ← {dataset?.name ?? 'Library'}
        </a>
        <h1>
          Question #{id}
          {externalId !== undefined && (
            <span className="hint question-external-id"> {externalId}</span>
          )}
        </h1>
      </div>
      <nav className="question-steps" aria-label="Questions">
        <button
          type="button"
          onClick={() => goToQuestion(near?.previous)}
          disabled={near?.previous === undefined}
          aria-label="Previous question"
          title="Previous question (k or Alt+←)"
        >
          ‹ Previous
        </button>
        <span className="hint">
          {near && near.index >= 0
            ? `${(near.index + 1).toLocaleString()} of ${near.total.toLocaleString()}`
            : ''}
        </span>
        <button
          type="button"
          onClick={() => goToQuestion(near?.next)}
          disabled={near?.next === undefined}
          aria-label="Next question"
          title="Next question (j or Alt+→)"
        >
          Next ›
        </button>
      </nav>
      <AskToggle open={askOpen} />
    </header>
  );
}
