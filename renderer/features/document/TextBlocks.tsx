import type { Block } from '../../../shared/document';
import { evidenceKey } from '../../../shared/document/evidence-key';
import { goldClass } from './gold-class';
import type { GoldMarks } from './gold-marks';
import { Highlight } from './Highlight';

type HeadingBlock = Extract<Block, { type: 'heading' }>;
type ParagraphBlock = Extract<Block, { type: 'paragraph' }>;

/** A heading of the document body, the find query highlighted in it. */
export function HeadingBlockView({
  block,
  query,
  gold,
}: {
  block: HeadingBlock;
  query: string;
  gold: GoldMarks | undefined;
}) {
  return (
    <h3
      id={block.id}
      className={`doc-heading level-${block.level}${goldClass(gold, { type: 'paragraph', blockId: block.id })}`}
    >
      <Highlight text={block.text} query={query} />
    </h3>
  );
}

/** A paragraph of the document body, with its button marking it as evidence. */
export function ParagraphBlockView({
  block,
  marks,
  query,
  gold,
  onToggle,
}: {
  block: ParagraphBlock;
  marks: ReadonlySet<string>;
  query: string;
  gold: GoldMarks | undefined;
  onToggle: (blockId: string) => void;
}) {
  const marked = marks.has(evidenceKey({ type: 'paragraph', blockId: block.id }));
  return (
    <div
      id={block.id}
      className={`${marked ? 'doc-paragraph evidence' : 'doc-paragraph'}${goldClass(gold, { type: 'paragraph', blockId: block.id })}`}
    >
      <p>
        <Highlight text={block.text} query={query} />
      </p>
      <button
        className="link evidence-toggle"
        aria-pressed={marked}
        aria-label={marked ? 'Unmark paragraph as evidence' : 'Mark paragraph as evidence'}
        onClick={() => onToggle(block.id)}
      >
        {marked ? '★' : '☆'}
      </button>
    </div>
  );
}
