// The GGUF header, checked before any loader sees it (issue 21). A file of a few bytes can
// declare 2^63 tensors, 2^40 metadata entries or a 2^40-element array; a reader that trusts the
// counts (node-llama-cpp's, in the model process) allocates or loops by them and never answers.
// This reader trusts nothing: it reads the file in pieces of at most 1 MiB, never allocates by a
// declared count, and holds every count and length against what the rest of the file can hold
// ("remaining bytes / the fewest bytes one item takes"). A file it refuses is refused in one
// sentence, in milliseconds, before any process is started for it.
//
// Format: ggml's docs/gguf.md; what llama.cpp's own reader (ggml/src/gguf.cpp) refuses or would
// crash on is refused here too (nested arrays, a general.alignment that is not a uint32 power
// of two, more than 4 dimensions, a zero dimension, rows not a multiple of the type's block).
import { open, stat } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { WorkbenchError } from '../../../shared/api/result';
import { ggufProblemError, modelFileError, type GgufProblem } from './model-file-errors';

/** Bytes of a file, read at a position (a file handle; a Buffer in unit tests). */
export interface GgufByteSource {
  readonly size: number;
  /** Reads up to `into.length` bytes at `position`; answers how many were read. */
  read(into: Buffer, position: number): Promise<number>;
}

/** What a header that passed says about the file. */
export interface GgufHeaderSummary {
  version: number;
  sizeBytes: number;
  tensorCount: number;
  metadataCount: number;
  alignment: number;
  /** general.architecture and general.name, when present (and short). */
  architecture: string | null;
  name: string | null;
  /** Where tensor data begins. */
  dataOffset: number;
  /** Bytes of tensor data the header describes (tensors of a type of unknown size not counted). */
  tensorBytes: number;
  /** Elements of all tensors: the parameter count. */
  parameters: number;
}

// Why a header was refused: defined beside the sentence it becomes (model-file-errors.ts).
export type { GgufProblem };

export class GgufHeaderError extends Error {
  constructor(readonly problem: GgufProblem) {
    super(problem.kind === 'invalid' ? problem.reason : problem.kind);
  }
}

/**
 * Beyond "the file can hold it": bounds no real model comes near (the largest have a few
 * thousand tensors, a few dozen metadata entries and vocabularies of about 260,000 tokens), so
 * that a big hostile file cannot make the loader after us loop for minutes either.
 */
export const GGUF_LIMITS = {
  tensors: 65_536,
  metadataEntries: 65_536,
  /** gguf.md: keys are at most 2^16 - 1 bytes. */
  keyBytes: 65_535,
  /** ggml's GGML_MAX_NAME is 64 with the terminating NUL. */
  tensorNameBytes: 63,
  arrayElements: 2 ** 24,
  stringBytes: 256 * 2 ** 20,
  /** GGML_MAX_DIMS */
  dimensions: 4,
  maxAlignment: 2 ** 20,
} as const;

const CHUNK = 2 ** 20;
const HEADER_BYTES = 24; // magic, version, tensor count, metadata count
/** name length (8) + n_dims (4) + type (4) + offset (8), for a tensor of 0 dimensions. */
const MIN_TENSOR_INFO = 24;
/** key length (8) + value type (4) + one byte of value. */
const MIN_KV = 13;
const DEFAULT_ALIGNMENT = 32;

/** GGUF value types (gguf.md's gguf_metadata_value_type). */
const T = {
  UINT32: 4,
  STRING: 8,
  ARRAY: 9,
  FLOAT64: 12,
} as const;
const TYPE_NAMES = [
  'uint8',
  'int8',
  'uint16',
  'int16',
  'uint32',
  'int32',
  'float32',
  'bool',
  'string',
  'array',
  'uint64',
  'int64',
  'float64',
];
/** Bytes of a scalar value; a string's fewest (its length) for STRING; 12 (type and count) for ARRAY. */
const VALUE_BYTES = [1, 1, 2, 2, 4, 4, 4, 1, 8, 12, 8, 8, 8];

/**
 * ggml tensor types the bundled llama.cpp knows (node-llama-cpp's GgmlType, 0 to 42): bytes per
 * block and elements per block. Removed types (Q4_2, Q4_3, the Q4_0_x_y and IQ4_NL_x_y repacks)
 * are refused; types whose block this reader does not know (NVFP4, Q1_0, Q2_0) are accepted
 * without the data-size checks.
 */
const GGML_TYPES: Record<number, { name: string; bytes?: number; block?: number; removed?: true }> =
  {
    0: { name: 'F32', bytes: 4, block: 1 },
    1: { name: 'F16', bytes: 2, block: 1 },
    2: { name: 'Q4_0', bytes: 18, block: 32 },
    3: { name: 'Q4_1', bytes: 20, block: 32 },
    4: { name: 'Q4_2', removed: true },
    5: { name: 'Q4_3', removed: true },
    6: { name: 'Q5_0', bytes: 22, block: 32 },
    7: { name: 'Q5_1', bytes: 24, block: 32 },
    8: { name: 'Q8_0', bytes: 34, block: 32 },
    9: { name: 'Q8_1', bytes: 36, block: 32 },
    10: { name: 'Q2_K', bytes: 84, block: 256 },
    11: { name: 'Q3_K', bytes: 110, block: 256 },
    12: { name: 'Q4_K', bytes: 144, block: 256 },
    13: { name: 'Q5_K', bytes: 176, block: 256 },
    14: { name: 'Q6_K', bytes: 210, block: 256 },
    15: { name: 'Q8_K', bytes: 292, block: 256 },
    16: { name: 'IQ2_XXS', bytes: 66, block: 256 },
    17: { name: 'IQ2_XS', bytes: 74, block: 256 },
    18: { name: 'IQ3_XXS', bytes: 98, block: 256 },
    19: { name: 'IQ1_S', bytes: 50, block: 256 },
    20: { name: 'IQ4_NL', bytes: 18, block: 32 },
    21: { name: 'IQ3_S', bytes: 110, block: 256 },
    22: { name: 'IQ2_S', bytes: 82, block: 256 },
    23: { name: 'IQ4_XS', bytes: 136, block: 256 },
    24: { name: 'I8', bytes: 1, block: 1 },
    25: { name: 'I16', bytes: 2, block: 1 },
    26: { name: 'I32', bytes: 4, block: 1 },
    27: { name: 'I64', bytes: 8, block: 1 },
    28: { name: 'F64', bytes: 8, block: 1 },
    29: { name: 'IQ1_M', bytes: 56, block: 256 },
    30: { name: 'BF16', bytes: 2, block: 1 },
    31: { name: 'Q4_0_4_4', removed: true },
    32: { name: 'Q4_0_4_8', removed: true },
    33: { name: 'Q4_0_8_8', removed: true },
    34: { name: 'TQ1_0', bytes: 54, block: 256 },
    35: { name: 'TQ2_0', bytes: 66, block: 256 },
    36: { name: 'IQ4_NL_4_4', removed: true },
    37: { name: 'IQ4_NL_4_8', removed: true },
    38: { name: 'IQ4_NL_8_8', removed: true },
    39: { name: 'MXFP4', bytes: 17, block: 32 },
    40: { name: 'NVFP4' },
    41: { name: 'Q1_0' },
    42: { name: 'Q2_0' },
  };

const INT64_MAX = 2n ** 63n - 1n;

const invalid = (reason: string) => new GgufHeaderError({ kind: 'invalid', reason });
const fileCanHold = (c: Cursor, what: string, most: number) =>
  invalid(`${what}, but the ${c.size}-byte file can hold at most ${Math.max(0, most)}`);
/** Bytes left for the rest of the current item when `after` bytes must follow it. */
const room = (c: Cursor, after: number) => c.size - c.pos - after;

/**
 * Reads and checks a GGUF header from `src`. Throws GgufHeaderError for anything the file's
 * size cannot hold, anything GGUF does not define, and anything llama.cpp would refuse or
 * crash on in the header; answers a summary otherwise. Memory: one 1 MiB buffer, plus the
 * tensor names (at most 65,536 of at most 63 bytes) and one short digest per metadata key.
 */
export async function readGgufHeader(src: GgufByteSource): Promise<GgufHeaderSummary> {
  const size = src.size;
  const c = new Cursor(src);
  const { version, nTensors, nKv } = await readCounts(c);
  const metadata = await readMetadata(c, nKv, nTensors);
  const { tensors, parameters } = await readTensorInfos(c, nTensors, metadata.alignment);
  const dataOffset = Number(alignUp(BigInt(c.pos), BigInt(metadata.alignment)));
  return {
    version,
    sizeBytes: size,
    tensorCount: nTensors,
    metadataCount: nKv,
    alignment: metadata.alignment,
    architecture: metadata.architecture,
    name: metadata.name,
    dataOffset,
    tensorBytes: Number(tensorDataBytes(tensors, dataOffset, size)),
    parameters: Number(parameters),
  };
}

/** The fixed header: magic, version, and the tensor and metadata counts, held to the file. */
async function readCounts(c: Cursor): Promise<{ version: number; nTensors: number; nKv: number }> {
  const size = c.size;
  if (size < 4) throw new GgufHeaderError({ kind: 'not-gguf' });
  await c.need(4);
  if (c.bytes(4).toString('latin1') !== 'GGUF') throw new GgufHeaderError({ kind: 'not-gguf' });
  await c.need(4);
  const version = c.u32();
  if (version === 1)
    throw invalid('it is GGUF version 1, which llama.cpp no longer reads; get a newer conversion');
  if ((version & 0xffff) === 0)
    throw invalid(
      `its version reads ${version}: a big-endian file, made for another kind of machine`,
    );
  if (version !== 2 && version !== 3)
    throw invalid(`it declares GGUF version ${version}; versions 2 and 3 exist`);
  await c.need(16);
  const tensorCount = c.u64();
  const kvCount = c.u64();

  const afterHeader = size - HEADER_BYTES;
  const tensorRoom = Math.floor(afterHeader / MIN_TENSOR_INFO);
  if (tensorCount > BigInt(tensorRoom))
    throw fileCanHold(c, `the header declares ${tensorCount} tensors`, tensorRoom);
  if (tensorCount > BigInt(GGUF_LIMITS.tensors))
    throw invalid(
      `the header declares ${tensorCount} tensors, more than the ${GGUF_LIMITS.tensors} accepted (no model has as many)`,
    );
  const nTensors = Number(tensorCount);
  const kvRoom = Math.floor((afterHeader - nTensors * MIN_TENSOR_INFO) / MIN_KV);
  if (kvCount > BigInt(kvRoom))
    throw fileCanHold(c, `the header declares ${kvCount} metadata entries`, kvRoom);
  if (kvCount > BigInt(GGUF_LIMITS.metadataEntries))
    throw invalid(
      `the header declares ${kvCount} metadata entries, more than the ${GGUF_LIMITS.metadataEntries} accepted`,
    );
  return { version, nTensors, nKv: Number(kvCount) };
}

/** What the header's metadata says that the summary and the tensor infos need. */
interface Metadata {
  alignment: number;
  architecture: string | null;
  name: string | null;
}

/** The key/value table: each key unique and each value's type and length held to the file. */
async function readMetadata(c: Cursor, nKv: number, nTensors: number): Promise<Metadata> {
  const found: Metadata = { alignment: DEFAULT_ALIGNMENT, architecture: null, name: null };
  const keys = new Set<string>();
  for (let i = 0; i < nKv; i++) {
    const after = (nKv - i - 1) * MIN_KV + nTensors * MIN_TENSOR_INFO;
    const { key, shown } = await readKey(c, i, after, keys);
    await c.need(4);
    const type = c.u32();
    if (type > T.FLOAT64)
      throw invalid(
        `metadata ${shown} has value type ${type}, which GGUF does not define (0 to 12)`,
      );
    if (key === 'general.alignment' && type !== T.UINT32)
      throw invalid(`general.alignment is a ${TYPE_NAMES[type]}, not a uint32`);
    if (type === T.ARRAY) await skipArray(c, shown, after);
    else if (type === T.STRING) await readString(c, key, shown, after, found);
    else await readScalar(c, key, type, found);
  }
  return found;
}

/** Metadata entry `i`'s key, refused when it appeared before; `where` is then its value. */
async function readKey(
  c: Cursor,
  i: number,
  after: number,
  keys: Set<string>,
): Promise<{ key: string; shown: string }> {
  c.where = `metadata entry ${i}`;
  await c.need(8);
  const keyLength = c.u64();
  const keyRoom = room(c, after) - 4 - 1;
  if (keyLength > BigInt(Math.max(0, keyRoom)))
    throw fileCanHold(c, `metadata entry ${i} declares a ${keyLength}-byte key`, keyRoom);
  if (keyLength > BigInt(GGUF_LIMITS.keyBytes))
    throw invalid(
      `metadata entry ${i} declares a ${keyLength}-byte key; GGUF keys are at most ${GGUF_LIMITS.keyBytes} bytes`,
    );
  await c.need(Number(keyLength));
  const keyBytes = c.bytes(Number(keyLength));
  const key = keyBytes.toString('utf8');
  const shown = quote(keyBytes);
  const id =
    keyBytes.length <= 64 ? `=${key}` : createHash('sha256').update(keyBytes).digest('base64');
  if (keys.has(id)) throw invalid(`metadata key ${shown} appears twice`);
  keys.add(id);
  c.where = `metadata ${shown}`;
  return { key, shown };
}

/** An array value, skipped: its element type and count, and each string's length, checked. */
async function skipArray(c: Cursor, shown: string, after: number): Promise<void> {
  await c.need(12);
  const of = c.u32();
  const count = c.u64();
  if (of === T.ARRAY)
    throw invalid(`metadata ${shown} is an array of arrays, which llama.cpp does not read`);
  if (of > T.FLOAT64)
    throw invalid(
      `metadata ${shown} is an array of value type ${of}, which GGUF does not define (0 to 12)`,
    );
  const each = VALUE_BYTES[of]!;
  const most = Math.floor(Math.max(0, room(c, after)) / each);
  if (count > BigInt(most))
    throw fileCanHold(
      c,
      `metadata ${shown} declares an array of ${count} ${TYPE_NAMES[of]} values`,
      most,
    );
  if (count > BigInt(GGUF_LIMITS.arrayElements))
    throw invalid(
      `metadata ${shown} declares an array of ${count} values, more than the ${GGUF_LIMITS.arrayElements} accepted`,
    );
  const n = Number(count);
  if (of !== T.STRING) {
    c.skip(n * each);
    return;
  }
  for (let j = 0; j < n; j++) {
    // A vocabulary is 260,000 strings: await only when the buffer must be refilled.
    const w = c.need(8);
    if (w) await w;
    const length = c.u64();
    const left = room(c, after + (n - j - 1) * 8);
    if (length > BigInt(Math.max(0, left)))
      throw fileCanHold(c, `metadata ${shown} item ${j} declares a ${length}-byte string`, left);
    if (length > BigInt(GGUF_LIMITS.stringBytes))
      throw invalid(
        `metadata ${shown} item ${j} declares a ${length}-byte string, more than the ${GGUF_LIMITS.stringBytes} accepted`,
      );
    c.skip(Number(length));
  }
}

/** A string value: general.architecture and general.name kept when short, others skipped. */
async function readString(
  c: Cursor,
  key: string,
  shown: string,
  after: number,
  found: Metadata,
): Promise<void> {
  await c.need(8);
  const length = c.u64();
  const left = room(c, after);
  if (length > BigInt(Math.max(0, left)))
    throw fileCanHold(c, `metadata ${shown} declares a ${length}-byte string`, left);
  if (length > BigInt(GGUF_LIMITS.stringBytes))
    throw invalid(
      `metadata ${shown} declares a ${length}-byte string, more than the ${GGUF_LIMITS.stringBytes} accepted`,
    );
  const n = Number(length);
  if ((key === 'general.architecture' || key === 'general.name') && n <= 256) {
    await c.need(n);
    const value = c.bytes(n).toString('utf8');
    if (key === 'general.architecture') found.architecture = value;
    else found.name = value;
  } else c.skip(n);
}

/** A scalar value: general.alignment read and checked, others skipped. */
async function readScalar(c: Cursor, key: string, type: number, found: Metadata): Promise<void> {
  const bytes = VALUE_BYTES[type]!;
  await c.need(bytes);
  if (key !== 'general.alignment') {
    c.skip(bytes);
    return;
  }
  const alignment = c.u32();
  if (alignment === 0 || (alignment & (alignment - 1)) !== 0)
    throw invalid(`general.alignment is ${alignment}, not a power of two`);
  if (alignment > GGUF_LIMITS.maxAlignment)
    throw invalid(
      `general.alignment is ${alignment}, more than the ${GGUF_LIMITS.maxAlignment} accepted`,
    );
  found.alignment = alignment;
}

/** A tensor as its info says: where its data starts and how many bytes (null: type unknown). */
interface TensorInfo {
  name: string;
  offset: bigint;
  bytes: bigint | null;
}

/** The tensor infos: names unique, shapes and types ggml reads, offsets aligned and in order. */
async function readTensorInfos(
  c: Cursor,
  nTensors: number,
  alignment: number,
): Promise<{ tensors: TensorInfo[]; parameters: bigint }> {
  const tensors: TensorInfo[] = [];
  const names = new Set<string>();
  let parameters = 0n;
  /** Where the next tensor must start, while every size before it is known. */
  let expected: bigint | null = 0n;
  for (let i = 0; i < nTensors; i++) {
    const after = (nTensors - i - 1) * MIN_TENSOR_INFO;
    const { tensorName, shown } = await readTensorName(c, i, after, names);
    await c.need(4);
    const nDims = c.u32();
    if (nDims > GGUF_LIMITS.dimensions)
      throw invalid(
        `${shown} declares ${nDims} dimensions; GGUF allows at most ${GGUF_LIMITS.dimensions}`,
      );
    await c.need(nDims * 8 + 12);
    const { elements, row } = readShape(c, shown, nDims);
    const bytes = tensorBytesOf(c.u32(), shown, elements, row);
    const offset = c.u64();
    if (offset % BigInt(alignment) !== 0n)
      throw invalid(
        `${shown} starts at offset ${offset}, not a multiple of the alignment ${alignment}`,
      );
    if (expected !== null && offset !== expected)
      throw invalid(
        `${shown} starts at offset ${offset}, where the tensors before it end at ${expected}`,
      );
    expected = bytes === null ? null : offset + alignUp(bytes, BigInt(alignment));
    parameters += elements;
    tensors.push({ name: tensorName, offset, bytes });
  }
  return { tensors, parameters };
}

/** Tensor `i`'s name, refused when it appeared before; `where` is then the tensor. */
async function readTensorName(
  c: Cursor,
  i: number,
  after: number,
  names: Set<string>,
): Promise<{ tensorName: string; shown: string }> {
  c.where = `tensor ${i}`;
  await c.need(8);
  const nameLength = c.u64();
  const nameRoom = room(c, after) - 16;
  if (nameLength > BigInt(Math.max(0, nameRoom)))
    throw fileCanHold(c, `tensor ${i} declares a ${nameLength}-byte name`, nameRoom);
  if (nameLength > BigInt(GGUF_LIMITS.tensorNameBytes))
    throw invalid(
      `tensor ${i} declares a ${nameLength}-byte name; ggml names are at most ${GGUF_LIMITS.tensorNameBytes} bytes`,
    );
  await c.need(Number(nameLength));
  const nameBytes = c.bytes(Number(nameLength));
  const tensorName = nameBytes.toString('utf8');
  const shown = `tensor ${quote(nameBytes)}`;
  if (names.has(tensorName)) throw invalid(`${shown} appears twice`);
  names.add(tensorName);
  c.where = shown;
  return { tensorName, shown };
}

/** A tensor's dimensions (already in the buffer): its element count and its row length. */
function readShape(c: Cursor, shown: string, nDims: number): { elements: bigint; row: bigint } {
  let elements = 1n;
  let row = 1n;
  for (let d = 0; d < nDims; d++) {
    const dim = c.u64();
    if (dim > INT64_MAX)
      throw invalid(`${shown} dimension ${d} is ${dim}, negative as ggml reads it`);
    if (dim === 0n) throw invalid(`${shown} dimension ${d} is 0`);
    if (d === 0) row = dim;
    elements *= dim;
    if (elements > INT64_MAX)
      throw invalid(`${shown} declares more elements than ggml can count (over 2^63)`);
  }
  return { elements, row };
}

/** A tensor's data bytes for its ggml type (null: a type whose block is unknown here). */
function tensorBytesOf(typeId: number, shown: string, elements: bigint, row: bigint) {
  const type = GGML_TYPES[typeId];
  if (!type) throw invalid(`${shown} has tensor type ${typeId}, which ggml does not define`);
  if (type.removed)
    throw invalid(`${shown} has tensor type ${type.name}, which llama.cpp no longer reads`);
  if (type.bytes === undefined || type.block === undefined) return null;
  const block = BigInt(type.block);
  if (row % block !== 0n)
    throw invalid(
      `${shown} has rows of ${row} elements, not a multiple of ${type.name}'s block of ${block}`,
    );
  return (elements / block) * BigInt(type.bytes);
}

/** The tensors' data, held to the file from `dataOffset`: answers its total bytes. */
function tensorDataBytes(tensors: readonly TensorInfo[], dataOffset: number, size: number) {
  let tensorBytes = 0n;
  for (const t of tensors) {
    const shown = `tensor ${quote(Buffer.from(t.name, 'utf8'))}`;
    if (t.bytes !== null && t.bytes > BigInt(size))
      throw invalid(
        `${shown} declares ${t.bytes} bytes of data, more than the whole ${size}-byte file`,
      );
    if (BigInt(dataOffset) + t.offset + (t.bytes ?? 0n) > BigInt(size))
      throw new GgufHeaderError({ kind: 'cut-short', tensor: t.name });
    tensorBytes += t.bytes ?? 0n;
  }
  return tensorBytes;
}

/**
 * The model file at `path`, checked: a regular file (a folder, device or pipe is refused before
 * it is read) whose GGUF header passes readGgufHeader. Throws the `llm-model-file` sentence.
 */
export async function checkModelFile(path: string): Promise<GgufHeaderSummary> {
  let size: number;
  try {
    const st = await stat(path);
    // A folder, a device or a pipe (which could block a read for ever) is not a model file.
    if (!st.isFile()) throw new Error(st.isDirectory() ? 'EISDIR' : 'ENOTREGULAR');
    size = st.size;
  } catch (e) {
    throw modelFileError(path, String((e as Error).message));
  }
  let handle;
  try {
    handle = await open(path, 'r');
  } catch (e) {
    throw modelFileError(path, String((e as Error).message));
  }
  const file = handle;
  try {
    return await readGgufHeader({
      size,
      read: async (into, position) => (await file.read(into, 0, into.length, position)).bytesRead,
    });
  } catch (e) {
    if (e instanceof GgufHeaderError) throw ggufProblemError(path, e.problem);
    if (e instanceof WorkbenchError) throw e;
    throw modelFileError(path, String((e as Error).message));
  } finally {
    await file.close();
  }
}

function alignUp(n: bigint, alignment: bigint): bigint {
  return ((n + alignment - 1n) / alignment) * alignment;
}

/** A name from the file, quoted for a message: printable ASCII only, at most 40 characters. */
function quote(bytes: Buffer): string {
  const text = bytes.toString('latin1');
  const clean = text.replace(/[^\x20-\x7e]/g, '?');
  return `'${clean.length > 40 ? `${clean.slice(0, 40)}…` : clean}'`;
}

/** Reads forward through the file with one bounded buffer. */
class Cursor {
  pos = 0;
  /** What is being read, for "the file ends inside …". */
  where = 'its header';
  private readonly buf: Buffer;
  private start = 0;
  private end = 0;

  constructor(private readonly src: GgufByteSource) {
    this.buf = Buffer.alloc(Math.max(1, Math.min(CHUNK, src.size)));
  }

  /** The file's size in bytes. */
  get size(): number {
    return this.src.size;
  }

  /** Makes bytes [pos, pos + n) readable (n ≤ 1 MiB); a promise only when it must read. */
  need(n: number): Promise<void> | undefined {
    if (this.pos >= this.start && this.pos + n <= this.end) return undefined;
    if (this.pos + n > this.src.size) throw this.ended();
    return this.fill(n);
  }

  private async fill(n: number): Promise<void> {
    const want = Math.min(this.buf.length, this.src.size - this.pos);
    const read = await this.src.read(
      want === this.buf.length ? this.buf : this.buf.subarray(0, want),
      this.pos,
    );
    this.start = this.pos;
    this.end = this.pos + read;
    // The file shrank while it was read.
    if (read < n) throw this.ended();
  }

  private ended(): GgufHeaderError {
    return new GgufHeaderError({
      kind: 'invalid',
      reason: `the ${this.src.size}-byte file ends inside ${this.where}`,
    });
  }

  u32(): number {
    const v = this.buf.readUInt32LE(this.pos - this.start);
    this.pos += 4;
    return v;
  }

  u64(): bigint {
    const v = this.buf.readBigUInt64LE(this.pos - this.start);
    this.pos += 8;
    return v;
  }

  bytes(n: number): Buffer {
    const b = Buffer.from(this.buf.subarray(this.pos - this.start, this.pos - this.start + n));
    this.pos += n;
    return b;
  }

  /** Moves past n bytes (already held against the file's size) without reading them. */
  skip(n: number): void {
    this.pos += n;
  }
}
