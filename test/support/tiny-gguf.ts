// Tiny GGUF model files for the embedded-model tests (issue 16). The product never ships
// weights, so the tests write their own: a valid GGUF v3 file for a llama-architecture model with
// seeded random F32 weights and a small SentencePiece-style vocabulary (about 300 tokens), plus
// broken files (truncated, corrupt, not GGUF, an unknown architecture). Writing one takes a few
// milliseconds. Format: ggml/docs/gguf.md; keys and tensor names: llama.cpp's llama architecture.
import { writeFileSync } from 'node:fs';
import { mulberry32 } from '../../shared/stats';

const GGUF_MAGIC = 0x46554747; // "GGUF" read as a little-endian uint32
const GGUF_VERSION = 3;
const ALIGNMENT = 32;
const GGML_TYPE_F32 = 0;
/** llama_ftype LLAMA_FTYPE_ALL_F32 */
const FILE_TYPE_ALL_F32 = 0;

enum ValueType {
  UINT32 = 4,
  INT32 = 5,
  FLOAT32 = 6,
  STRING = 8,
  ARRAY = 9,
}

/** llama.cpp's token types (llama_token_type). */
enum TokenType {
  NORMAL = 1,
  UNKNOWN = 2,
  CONTROL = 3,
  BYTE = 6,
}

type Value =
  | { t: ValueType.UINT32 | ValueType.INT32 | ValueType.FLOAT32; v: number }
  | { t: ValueType.STRING; v: string }
  | { t: ValueType.ARRAY; of: ValueType.STRING; v: string[] }
  | { t: ValueType.ARRAY; of: ValueType.FLOAT32 | ValueType.INT32; v: number[] };

export interface TinyGgufOptions {
  /** Seeds the weights (default 1): the same seed writes the same bytes. */
  seed?: number;
  /** Default "llama"; anything else is an architecture llama.cpp does not know. */
  architecture?: string;
  layers?: number;
  embedding?: number;
  heads?: number;
  feedForward?: number;
  contextLength?: number;
  /** Written as general.name. */
  name?: string;
}

/** ChatML, which node-llama-cpp recognises and formats with its own wrapper. */
export const TINY_CHAT_TEMPLATE =
  "{% for message in messages %}{{'<|im_start|>' + message['role'] + '\\n' + message['content'] + '<|im_end|>' + '\\n'}}{% endfor %}{% if add_generation_prompt %}{{ '<|im_start|>assistant\\n' }}{% endif %}";

/** The tiny vocabulary: specials, the 256 byte tokens SentencePiece falls back to, then pieces. */
export function tinyVocabulary(): { tokens: string[]; scores: number[]; types: number[] } {
  const tokens: string[] = [];
  const scores: number[] = [];
  const types: number[] = [];
  const add = (t: string, type: TokenType, score = 0) => {
    tokens.push(t);
    types.push(type);
    scores.push(score);
  };
  add('<unk>', TokenType.UNKNOWN);
  add('<s>', TokenType.CONTROL);
  add('</s>', TokenType.CONTROL);
  add('<|im_start|>', TokenType.CONTROL);
  add('<|im_end|>', TokenType.CONTROL);
  for (let b = 0; b < 256; b++) {
    add(`<0x${b.toString(16).toUpperCase().padStart(2, '0')}>`, TokenType.BYTE);
  }
  const pieces = [
    '\u2581',
    ...'abcdefghijklmnopqrstuvwxyz0123456789',
    ...['.', ',', '$', '\u2581the', '\u2581of', '\u2581and'],
  ];
  pieces.forEach((p, i) => add(p, TokenType.NORMAL, -i));
  return { tokens, scores, types };
}

/** The bytes of a valid tiny llama model. */
export function tinyGgufBytes(options: TinyGgufOptions = {}): Buffer {
  const arch = options.architecture ?? 'llama';
  const nLayer = options.layers ?? 2;
  const nEmbd = options.embedding ?? 64;
  const nHead = options.heads ?? 4;
  const nFf = options.feedForward ?? 128;
  const nCtx = options.contextLength ?? 4096;
  const vocab = tinyVocabulary();
  const nVocab = vocab.tokens.length;
  const printable = vocab.tokens.map(
    (tok, i) =>
      vocab.types[i] === TokenType.NORMAL || /^<0x(2[0-9A-F]|[3-6][0-9A-F]|7[0-9A-E])>$/.test(tok),
  );

  const kv: [string, Value][] = [
    ['general.architecture', { t: ValueType.STRING, v: arch }],
    ['general.name', { t: ValueType.STRING, v: options.name ?? 'workbench-tiny-test-model' }],
    ['general.file_type', { t: ValueType.UINT32, v: FILE_TYPE_ALL_F32 }],
    ['general.alignment', { t: ValueType.UINT32, v: ALIGNMENT }],
    [`${arch}.context_length`, { t: ValueType.UINT32, v: nCtx }],
    [`${arch}.embedding_length`, { t: ValueType.UINT32, v: nEmbd }],
    [`${arch}.block_count`, { t: ValueType.UINT32, v: nLayer }],
    [`${arch}.feed_forward_length`, { t: ValueType.UINT32, v: nFf }],
    [`${arch}.attention.head_count`, { t: ValueType.UINT32, v: nHead }],
    [`${arch}.attention.head_count_kv`, { t: ValueType.UINT32, v: nHead }],
    [`${arch}.rope.dimension_count`, { t: ValueType.UINT32, v: nEmbd / nHead }],
    [`${arch}.attention.layer_norm_rms_epsilon`, { t: ValueType.FLOAT32, v: 1e-5 }],
    [`${arch}.vocab_size`, { t: ValueType.UINT32, v: nVocab }],
    ['tokenizer.ggml.model', { t: ValueType.STRING, v: 'llama' }],
    ['tokenizer.ggml.tokens', { t: ValueType.ARRAY, of: ValueType.STRING, v: vocab.tokens }],
    ['tokenizer.ggml.scores', { t: ValueType.ARRAY, of: ValueType.FLOAT32, v: vocab.scores }],
    ['tokenizer.ggml.token_type', { t: ValueType.ARRAY, of: ValueType.INT32, v: vocab.types }],
    ['tokenizer.ggml.unknown_token_id', { t: ValueType.UINT32, v: 0 }],
    ['tokenizer.ggml.bos_token_id', { t: ValueType.UINT32, v: 1 }],
    ['tokenizer.ggml.eos_token_id', { t: ValueType.UINT32, v: 4 }],
    ['tokenizer.chat_template', { t: ValueType.STRING, v: TINY_CHAT_TEMPLATE }],
  ];

  // ne[0] is the fastest-moving dimension: a matrix mapping n_in to n_out is [n_in, n_out].
  const tensors: { name: string; dims: number[]; fill: 'ones' | 'random' | 'readable' }[] = [
    { name: 'token_embd.weight', dims: [nEmbd, nVocab], fill: 'random' },
  ];
  for (let i = 0; i < nLayer; i++) {
    const b = `blk.${i}`;
    tensors.push(
      { name: `${b}.attn_norm.weight`, dims: [nEmbd], fill: 'ones' },
      { name: `${b}.attn_q.weight`, dims: [nEmbd, nEmbd], fill: 'random' },
      { name: `${b}.attn_k.weight`, dims: [nEmbd, nEmbd], fill: 'random' },
      { name: `${b}.attn_v.weight`, dims: [nEmbd, nEmbd], fill: 'random' },
      { name: `${b}.attn_output.weight`, dims: [nEmbd, nEmbd], fill: 'random' },
      { name: `${b}.ffn_norm.weight`, dims: [nEmbd], fill: 'ones' },
      { name: `${b}.ffn_gate.weight`, dims: [nEmbd, nFf], fill: 'random' },
      { name: `${b}.ffn_up.weight`, dims: [nEmbd, nFf], fill: 'random' },
      { name: `${b}.ffn_down.weight`, dims: [nFf, nEmbd], fill: 'random' },
    );
  }
  tensors.push(
    { name: 'output_norm.weight', dims: [nEmbd], fill: 'ones' },
    { name: 'output.weight', dims: [nEmbd, nVocab], fill: 'readable' },
  );

  const w = new ByteWriter();
  w.u32(GGUF_MAGIC);
  w.u32(GGUF_VERSION);
  w.u64(tensors.length);
  w.u64(kv.length);
  for (const [key, value] of kv) {
    w.str(key);
    writeValue(w, value);
  }
  let offset = 0;
  const offsets: number[] = [];
  for (const t of tensors) {
    w.str(t.name);
    w.u32(t.dims.length);
    for (const d of t.dims) w.u64(d);
    w.u32(GGML_TYPE_F32);
    w.u64(offset);
    offsets.push(offset);
    offset = alignUp(offset + 4 * t.dims.reduce((a, b) => a * b, 1));
  }
  w.pad();
  const random = mulberry32(options.seed ?? 1);
  tensors.forEach((t, i) => {
    const dataStart = w.length;
    const count = t.dims.reduce((a, b) => a * b, 1);
    const values = new Float32Array(count);
    // Wide enough that greedy decoding does not settle on one token at once.
    for (let j = 0; j < count; j++) values[j] = t.fill === 'ones' ? 1 : (random() * 2 - 1) * 0.5;
    // Output rows of printable tokens are longer, so they win the logits: the model writes
    // ASCII gibberish (readable in a screenshot, no half UTF-8 characters) and rarely ends early.
    if (t.fill === 'readable') {
      for (let tok = 0; tok < nVocab; tok++) {
        const scale = printable[tok] ? 4 : 0.05;
        for (let j = tok * nEmbd; j < (tok + 1) * nEmbd; j++) values[j] = values[j]! * scale;
      }
    }
    w.bytes(Buffer.from(values.buffer));
    const next = offsets[i + 1];
    if (next !== undefined) w.zeros(next - (w.length - dataStart) - (offsets[i] ?? 0));
  });
  return w.done();
}

export function writeTinyGguf(path: string, options: TinyGgufOptions = {}): string {
  writeFileSync(path, tinyGgufBytes(options));
  return path;
}

/** A valid model cut short in its tensor data (a half-finished download). */
export function writeTruncatedGguf(path: string): string {
  const whole = tinyGgufBytes();
  writeFileSync(path, whole.subarray(0, Math.floor(whole.length * 0.6)));
  return path;
}

/** GGUF magic and version, then a header of garbage (a string length of ~2^63 bytes). */
export function writeCorruptGguf(path: string): string {
  const whole = tinyGgufBytes();
  const bad = Buffer.from(whole);
  // Key count and the first key's length overwritten: no reader can follow the header.
  bad.fill(0xff, 16, 40);
  writeFileSync(path, bad);
  return path;
}

/** Not GGUF at all: text with a .gguf name. */
export function writeNotGguf(path: string): string {
  writeFileSync(path, 'This is not a model file, only text named like one.\n'.repeat(20));
  return path;
}

/** Well-formed GGUF whose architecture llama.cpp does not know. */
export function writeUnknownArchitectureGguf(path: string): string {
  return writeTinyGguf(path, { architecture: 'workbench-unknown-arch' });
}

function writeValue(w: ByteWriter, value: Value): void {
  w.u32(value.t);
  switch (value.t) {
    case ValueType.UINT32:
      w.u32(value.v);
      return;
    case ValueType.INT32:
      w.i32(value.v);
      return;
    case ValueType.FLOAT32:
      w.f32(value.v);
      return;
    case ValueType.STRING:
      w.str(value.v);
      return;
    case ValueType.ARRAY:
      w.u32(value.of);
      w.u64(value.v.length);
      for (const item of value.v) {
        if (typeof item === 'string') w.str(item);
        else if (value.of === ValueType.FLOAT32) w.f32(item);
        else w.i32(item);
      }
  }
}

function alignUp(n: number): number {
  return Math.ceil(n / ALIGNMENT) * ALIGNMENT;
}

class ByteWriter {
  private chunks: Buffer[] = [];
  length = 0;

  private push(b: Buffer): void {
    this.chunks.push(b);
    this.length += b.length;
  }
  u32(n: number): void {
    const b = Buffer.alloc(4);
    b.writeUInt32LE(n);
    this.push(b);
  }
  i32(n: number): void {
    const b = Buffer.alloc(4);
    b.writeInt32LE(n);
    this.push(b);
  }
  f32(n: number): void {
    const b = Buffer.alloc(4);
    b.writeFloatLE(n);
    this.push(b);
  }
  u64(n: number): void {
    const b = Buffer.alloc(8);
    b.writeBigUInt64LE(BigInt(n));
    this.push(b);
  }
  str(s: string): void {
    const bytes = Buffer.from(s, 'utf8');
    this.u64(bytes.length);
    this.push(bytes);
  }
  bytes(b: Buffer): void {
    this.push(b);
  }
  zeros(n: number): void {
    if (n > 0) this.push(Buffer.alloc(n));
  }
  /** To the alignment, counted from the start of the file (where tensor data begins). */
  pad(): void {
    this.zeros(alignUp(this.length) - this.length);
  }
  done(): Buffer {
    return Buffer.concat(this.chunks);
  }
}
