import { libraryStore } from '../../stores/library';

/** Removes a document once the user confirms (its stored copy is deleted). */
export function confirmRemoveDocument(d: { id: number; name: string }): void {
  if (window.confirm(`Remove ${d.name} from the library? Its stored copy is deleted.`))
    void libraryStore.getState().remove(d.id);
}

/** Removes a dataset and its questions once the user confirms. */
export function confirmRemoveDataset(d: { id: number; name: string; questionCount: number }): void {
  if (window.confirm(`Remove dataset ${d.name} and its ${d.questionCount} questions?`))
    void libraryStore.getState().removeDataset(d.id);
}
