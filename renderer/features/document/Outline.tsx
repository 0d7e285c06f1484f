import type { Document } from '../../../shared/model';

interface Props {
  model: Document;
  activeTableId?: string;
  onTable: (tableId: string) => void;
  onHeading: (blockId: string) => void;
}

/** Sections and tables in reading order; each entry jumps there. */
export function Outline({ model, activeTableId, onTable, onHeading }: Props) {
  const captions = new Map(model.tables.map((t) => [t.id, t.caption]));
  return (
    <nav className="outline" aria-label="Outline">
      <h2>Outline</h2>
      <ul>
        {model.blocks.map((b) => {
          if (b.type === 'heading') {
            return (
              <li key={b.id} className={`outline-heading level-${b.level}`}>
                <a href={`#${b.id}`} onClick={(e) => (e.preventDefault(), onHeading(b.id))}>
                  {b.text}
                </a>
              </li>
            );
          }
          if (b.type === 'table') {
            return (
              <li key={b.id} className="outline-table">
                <a
                  href={`#${b.id}`}
                  aria-current={activeTableId === b.id ? 'true' : undefined}
                  onClick={(e) => (e.preventDefault(), onTable(b.id))}
                >
                  <span aria-hidden="true">▦ </span>
                  {captions.get(b.id) || `Table ${b.id}`}
                </a>
              </li>
            );
          }
          return null;
        })}
      </ul>
    </nav>
  );
}
