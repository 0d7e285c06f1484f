import { useId, useState } from 'react';
import { datasetFormats, guessDatasetFormat, type DatasetFormat } from '../../../shared/datasets';
import type { FormatGuess } from '../../stores/library/library-store';

/**
 * For a JSON file in the library: pick its benchmark format and read its questions. The picker
 * starts on the format the file's shape says (datasets.guessFormat; the name until that answers)
 * and says why when the chosen format does not fit the file.
 */
export function ReadAsDataset({
  name,
  guess,
  busy,
  onRead,
}: {
  name: string;
  guess: FormatGuess | undefined;
  busy: boolean;
  onRead: (format: DatasetFormat) => void;
}) {
  const [chosen, setChosen] = useState<DatasetFormat | undefined>(undefined);
  const format: DatasetFormat = chosen ?? guess?.format ?? guessDatasetFormat(name) ?? 'tatqa';
  const noteId = useId();
  const note =
    guess === undefined
      ? undefined
      : guess.format === null
        ? `Not a format this app reads: ${guess.reason}.`
        : guess.format !== format
          ? `This file looks like ${guess.format}, not ${format}: ${guess.reason}.`
          : undefined;
  return (
    <span className="read-dataset">
      <select
        aria-label={`Format of ${name}`}
        aria-describedby={note ? noteId : undefined}
        title={guess?.format ? `Guessed from the file: ${guess.reason}` : undefined}
        value={format}
        onChange={(e) => setChosen(e.currentTarget.value as DatasetFormat)}
      >
        {datasetFormats.map((f) => (
          <option key={f} value={f}>
            {f}
          </option>
        ))}
      </select>
      <button className="link" disabled={busy} onClick={() => onRead(format)}>
        Read questions
      </button>
      {note && (
        <span id={noteId} className="format-note" role="note">
          {note}
        </span>
      )}
    </span>
  );
}
