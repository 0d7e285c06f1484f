import type { RefObject } from 'react';
import type { Document } from '../../../shared/document';
import { AskToggle } from '../../components/AskToggle';
import { navigationStore } from '../../stores/navigation';
import { FindBar } from './FindBar';

/**
 * The document view's header: back to the Library, the document's name and page count, and,
 * once the document is read, the find box and the Ask panel's toggle.
 */
export function DocumentHeader({
  title,
  ready,
  model,
  query,
  findInput,
  askOpen,
}: {
  title: string;
  /** The document is read: find and Ask are offered. */
  ready: boolean;
  model: Document | undefined;
  query: string;
  findInput: RefObject<HTMLInputElement | null>;
  askOpen: boolean;
}) {
  return (
    <header className="screen-header">
      <div>
        <a
          href="#/library"
          className="back"
          onClick={(e) => (
            e.preventDefault(),
            navigationStore.getState().go({ screen: 'library' })
          )}
        >
          ← Library
        </a>
        <h1>{title}</h1>
        {ready && model?.pageCount !== undefined && (
          <p className="doc-meta">
            {model.pageCount === 1 ? '1 page' : `${model.pageCount} pages`}
          </p>
        )}
      </div>
      {ready && <FindBar model={model} query={query} inputRef={findInput} />}
      {ready && <AskToggle open={askOpen} />}
    </header>
  );
}
