import { selectionText } from '../../../shared/question-sets/question-set';
import type { QuestionSet } from '../../../shared/question-sets/question-set';
import { ColumnHeads } from '../../components/ColumnHeads';
import { questionSetsStore } from '../../stores/sessions';
import { startSessionOn } from './start-session-on';

/** The workspace's question sets, each a step from a session on it, or removed. */
export function QuestionSetsTable({ id, sets }: { id: string; sets: QuestionSet[] }) {
  return (
    <table className="sessions-table question-sets-table" aria-labelledby={`${id}-sets`}>
      <caption id={`${id}-sets`} className="visually-hidden">
        Question sets
      </caption>
      <ColumnHeads names={['#', 'Name', 'Dataset', 'Questions', 'Chosen by', '']} />
      <tbody>
        {sets.map((s) => (
          <tr key={s.id}>
            <td className="num">{s.id}</td>
            <th scope="row">{s.name}</th>
            <td>{s.datasetName}</td>
            <td className="num">{s.questionIds.length}</td>
            <td>{selectionText(s.selection)}</td>
            <td className="session-actions">
              <button
                type="button"
                className="link"
                aria-label={`New session on question set ${s.name}`}
                onClick={() => startSessionOn(s.id)}
              >
                New session on it
              </button>
              <button
                type="button"
                className="link"
                aria-label={`Remove question set ${s.name}`}
                onClick={() => void questionSetsStore.getState().remove(s.id)}
              >
                Remove
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
