import { useState } from 'react';
import type { ModelPrice } from '../../../shared/llm/provider';
import { llmStore } from '../../stores/llm';

interface Row {
  model: string;
  input: string;
  output: string;
}

const rowOf = (p: ModelPrice): Row => ({
  model: p.model,
  input: String(p.inputPerMTok),
  output: String(p.outputPerMTok),
});

/** Rows as prices, or the first problem (a row left empty is dropped). */
function pricesOf(rows: Row[]): { prices: ModelPrice[] } | { problem: string } {
  const prices: ModelPrice[] = [];
  const seen = new Set<string>();
  for (const r of rows) {
    const model = r.model.trim();
    if (model === '' && r.input.trim() === '' && r.output.trim() === '') continue;
    const input = Number(r.input);
    const output = Number(r.output);
    if (model === '') return { problem: 'Every priced row needs a model name.' };
    if (seen.has(model)) return { problem: `${model} is listed twice.` };
    if (r.input.trim() === '' || r.output.trim() === '' || !(input >= 0) || !(output >= 0))
      return { problem: `${model}: prices are dollars per million tokens, 0 or more.` };
    seen.add(model);
    prices.push({ model, inputPerMTok: input, outputPerMTok: output });
  }
  return { prices };
}

/** One price row: the model and its input and output price, and a way to remove it. */
function PriceRow(p: {
  i: number;
  r: Row;
  onEdit: (patch: Partial<Row>) => void;
  onRemove: () => void;
}) {
  return (
    <tr>
      <td>
        <input
          aria-label={`Model of price row ${p.i + 1}`}
          value={p.r.model}
          onChange={(e) => p.onEdit({ model: e.currentTarget.value })}
        />
      </td>
      <td className="num">
        <input
          aria-label={`Input price of ${p.r.model || `row ${p.i + 1}`}`}
          inputMode="decimal"
          value={p.r.input}
          onChange={(e) => p.onEdit({ input: e.currentTarget.value })}
        />
      </td>
      <td className="num">
        <input
          aria-label={`Output price of ${p.r.model || `row ${p.i + 1}`}`}
          inputMode="decimal"
          value={p.r.output}
          onChange={(e) => p.onEdit({ output: e.currentTarget.value })}
        />
      </td>
      <td>
        <button type="button" onClick={p.onRemove} aria-label={`Remove price row ${p.i + 1}`}>
          Remove
        </button>
      </td>
    </tr>
  );
}

/** The price table (USD per million tokens) used for an ask's cost; saved as a whole. */
export function PriceTable({ prices }: { prices: ModelPrice[] }) {
  const [rows, setRows] = useState<Row[]>(() => prices.map(rowOf));
  const [note, setNote] = useState<{ ok: boolean; text: string } | undefined>();
  const edit = (i: number, patch: Partial<Row>) => {
    setRows(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
    setNote(undefined);
  };
  const save = async () => {
    const r = pricesOf(rows);
    if ('problem' in r) {
      setNote({ ok: false, text: r.problem });
      return;
    }
    const saved = await llmStore.getState().setPrices(r.prices);
    setNote(
      saved ? { ok: true, text: 'Prices saved.' } : { ok: false, text: 'Not saved (below).' },
    );
    if (saved) setRows(r.prices.map(rowOf));
  };
  return (
    <form
      className="price-table"
      aria-label="Prices"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          setRows(prices.map(rowOf));
          setNote(undefined);
        }
      }}
    >
      <table className="documents">
        <thead>
          <tr>
            <th>Model</th>
            <th className="num">Input $ / M tokens</th>
            <th className="num">Output $ / M tokens</th>
            <th aria-label="Actions" />
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <PriceRow
              key={i}
              i={i}
              r={r}
              onEdit={(patch) => edit(i, patch)}
              onRemove={() => setRows(rows.filter((_, j) => j !== i))}
            />
          ))}
        </tbody>
      </table>
      <div className="actions">
        <button
          type="button"
          onClick={() => setRows([...rows, { model: '', input: '', output: '' }])}
        >
          Add a row
        </button>
        <button type="submit" className="primary">
          Save prices
        </button>
        {note && (
          <span className={note.ok ? 'notice' : 'field-error'} role="status">
            {note.text}
          </span>
        )}
      </div>
    </form>
  );
}
