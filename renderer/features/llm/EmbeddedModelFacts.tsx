import type { EmbeddedModelInfo } from '../../../shared/llm/provider';

const bytes = (n: number) =>
  n >= 2 ** 30 ? `${(n / 2 ** 30).toFixed(1)} GiB` : `${Math.max(1, Math.round(n / 2 ** 20))} MiB`;

const count = (n: number) =>
  n >= 1e9
    ? `${(n / 1e9).toFixed(1)} B`
    : n >= 1e6
      ? `${(n / 1e6).toFixed(1)} M`
      : n >= 1e3
        ? `${Math.round(n / 1e3)} K`
        : String(n);

/**
 * What an embedded model's file holds, from its GGUF header, as its Test shows it. The chat
 * template is the file's text: shown as text, never run or rendered.
 */
export function EmbeddedModelFacts({ info }: { info: EmbeddedModelInfo }) {
  return (
    <div className="embedded-facts" aria-label={`About ${info.fileName}`}>
      <dl>
        <dt>Architecture</dt>
        <dd>{info.architecture}</dd>
        <dt>Parameters</dt>
        <dd>{count(info.parameters)}</dd>
        <dt>Quantisation</dt>
        <dd>{info.quantisation}</dd>
        <dt>Context</dt>
        <dd>
          {info.contextSize} tokens (trained for {info.trainContextLength})
        </dd>
        <dt>Memory</dt>
        <dd>
          about {bytes(info.estimatedRamBytes)}
          {info.estimatedVramBytes > 0 ? ` + ${bytes(info.estimatedVramBytes)} GPU` : ''}, on{' '}
          {info.device}
        </dd>
        <dt>File</dt>
        <dd>
          {bytes(info.sizeBytes)}, loaded in {(info.loadMs / 1000).toFixed(1)} s
        </dd>
      </dl>
      {info.chatTemplate !== null && (
        <details>
          <summary>Chat template{info.chatFormat ? ` (${info.chatFormat})` : ''}</summary>
          <pre>{info.chatTemplate}</pre>
        </details>
      )}
    </div>
  );
}
