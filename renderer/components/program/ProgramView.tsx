import { useMemo } from 'react';
import { tokenize } from './highlight-js';

interface Props {
  program: string;
  /** Number literals the grounding report found unsupported: drawn in red in the program. */
  unsupported?: ReadonlySet<string>;
}

/** A model's program, coloured by a small tokenizer into text spans (never parsed as HTML). */
export function ProgramView({ program, unsupported }: Props) {
  const tokens = useMemo(() => tokenize(program), [program]);
  return (
    <pre className="program" aria-label="Program">
      <code>
        {tokens.map((t, i) =>
          t.kind === 'space' ? (
            t.text
          ) : (
            <span
              key={i}
              className={
                t.kind === 'number' && unsupported?.has(t.text)
                  ? 'tok-number tok-unsupported'
                  : `tok-${t.kind}`
              }
            >
              {t.text}
            </span>
          ),
        )}
      </code>
    </pre>
  );
}
