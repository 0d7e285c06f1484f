import { useState } from 'react';
import { datasetFormats, guessDatasetFormat, type DatasetFormat } from '../../../shared/datasets';

/** For a JSON file in the library: pick its benchmark format and read its questions. */
export function ReadAsDataset({
  name,
  busy,
  onRead,
}: {
  name: string;
  busy: boolean;
  onRead: (format: DatasetFormat) => void;
}) {
  const [format, setFormat] = useState<DatasetFormat>(guessDatasetFormat(name) ?? 'tatqa');
  return (
    <span className="read-dataset">
      <select
        aria-label={`Format of ${name}`}
        value={format}
        onChange={(e) => setFormat(e.currentTarget.value as DatasetFormat)}
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
    </span>
  );
}
