// Hostile GGUF files (issue 21): headers whose counts and lengths the file cannot hold, types
// GGUF does not define, nesting, bad alignment, too many dimensions, files cut short, bad magic
// and versions. Each is a few bytes to a few hundred; none holds anything a model could load.
// What each must be refused with is in `expected` (the reason inside the `llm-model-file`
// sentence). Format: ggml/docs/gguf.md.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tinyGgufBytes } from './tiny-gguf';

const U64_2_63 = 2n ** 63n;
const U64_2_40 = 2n ** 40n;

/** Little-endian GGUF pieces. */
export class GgufBytes {
  private parts: Buffer[] = [];

  raw(b: Buffer | string): this {
    this.parts.push(typeof b === 'string' ? Buffer.from(b, 'latin1') : b);
    return this;
  }
  u32(n: number): this {
    const b = Buffer.alloc(4);
    b.writeUInt32LE(n >>> 0);
    return this.raw(b);
  }
  u64(n: number | bigint): this {
    const b = Buffer.alloc(8);
    b.writeBigUInt64LE(BigInt(n));
    return this.raw(b);
  }
  str(s: string): this {
    const bytes = Buffer.from(s, 'utf8');
    return this.u64(bytes.length).raw(bytes);
  }
  /** Magic, version, tensor count, metadata count. */
  header(tensors: number | bigint, kvs: number | bigint, version = 3): this {
    return this.raw('GGUF').u32(version).u64(tensors).u64(kvs);
  }
  get length(): number {
    return this.parts.reduce((n, p) => n + p.length, 0);
  }
  /** Zeros up to a multiple of `alignment` from the start of the file. */
  pad(alignment = 32): this {
    const over = this.length % alignment;
    return over ? this.raw(Buffer.alloc(alignment - over)) : this;
  }
  done(): Buffer {
    return Buffer.concat(this.parts);
  }
}

const UINT32 = 4;
const STRING = 8;
const ARRAY = 9;
const F32 = 0;

/** A small well-formed file: two metadata entries and one F32 tensor of `dims`. */
function oneTensor(
  tensor: (g: GgufBytes) => GgufBytes,
  options: { alignment?: (g: GgufBytes) => GgufBytes; data?: number } = {},
): Buffer {
  const g = new GgufBytes().header(1, 2);
  g.str('general.architecture').u32(STRING).str('llama');
  if (options.alignment) options.alignment(g.str('general.alignment'));
  else g.str('general.alignment').u32(UINT32).u32(32);
  tensor(g.str('w'));
  return g
    .pad()
    .raw(Buffer.alloc(options.data ?? 128))
    .done();
}

export interface HostileGguf {
  file: string;
  what: string;
  bytes: Buffer;
  /** The reason inside "X is not a readable GGUF model (…)", or the whole sentence. */
  expected: RegExp;
}

const tiny = () => tinyGgufBytes();

/** Every hostile shape the checker must refuse, with what it must say. */
export function hostileGguf(): HostileGguf[] {
  const list: HostileGguf[] = [
    {
      file: 'tensors-2e63.gguf',
      what: '2^63 tensors in a 24-byte file',
      bytes: new GgufBytes().header(U64_2_63, 0).done(),
      expected:
        /^tensors-2e63\.gguf is not a readable GGUF model \(the header declares 9223372036854775808 tensors, but the 24-byte file can hold at most 0\)/,
    },
    {
      file: 'metadata-2e40.gguf',
      what: '2^40 metadata entries',
      bytes: new GgufBytes().header(0, U64_2_40).done(),
      expected:
        /\(the header declares 1099511627776 metadata entries, but the 24-byte file can hold at most 0\)/,
    },
    {
      file: 'array-2e40.gguf',
      what: 'a 2^40-element array',
      bytes: new GgufBytes().header(0, 1).str('a').u32(ARRAY).u32(0).u64(U64_2_40).done(),
      expected:
        /\(metadata 'a' declares an array of 1099511627776 uint8 values, but the 49-byte file can hold at most 0\)/,
    },
    {
      file: 'array-of-strings-2e40.gguf',
      what: 'a 2^40-element array of strings',
      bytes: new GgufBytes()
        .header(0, 1)
        .str('tokenizer.ggml.tokens')
        .u32(ARRAY)
        .u32(STRING)
        .u64(U64_2_40)
        .raw(Buffer.alloc(64))
        .done(),
      expected:
        /declares an array of 1099511627776 string values, but the \d+-byte file can hold at most 8\)/,
    },
    {
      file: 'huge-key.gguf',
      what: 'a key of 2^62 bytes',
      bytes: new GgufBytes()
        .header(0, 1)
        .u64(2n ** 62n)
        .raw('general.name')
        .done(),
      expected:
        /\(metadata entry 0 declares a 4611686018427387904-byte key, but the 44-byte file can hold at most 7\)/,
    },
    {
      file: 'long-key.gguf',
      what: 'a key over GGUF’s 65,535 bytes (the file holds it)',
      bytes: new GgufBytes()
        .header(0, 1)
        .u64(70_000)
        .raw(Buffer.alloc(70_000, 0x61))
        .u32(0)
        .raw(Buffer.alloc(1))
        .done(),
      expected: /declares a 70000-byte key; GGUF keys are at most 65535 bytes/,
    },
    {
      file: 'huge-string.gguf',
      what: 'a string of 2^40 bytes',
      bytes: new GgufBytes().header(0, 1).str('general.name').u32(STRING).u64(U64_2_40).done(),
      expected:
        /\(metadata 'general\.name' declares a 1099511627776-byte string, but the 56-byte file can hold at most 0\)/,
    },
    {
      file: 'huge-string-in-array.gguf',
      what: 'an array item of 2^40 bytes',
      bytes: new GgufBytes()
        .header(0, 1)
        .str('tokenizer.ggml.tokens')
        .u32(ARRAY)
        .u32(STRING)
        .u64(2)
        .str('ok')
        .u64(U64_2_40)
        .done(),
      expected: /metadata 'tokenizer\.ggml\.tokens' item 1 declares a 1099511627776-byte string/,
    },
    {
      file: 'unknown-type.gguf',
      what: 'value type 13',
      bytes: new GgufBytes().header(0, 1).str('general.x').u32(13).u64(0).done(),
      expected: /metadata 'general\.x' has value type 13, which GGUF does not define/,
    },
    {
      file: 'unknown-type-max.gguf',
      what: 'value type 2^32 - 1',
      bytes: new GgufBytes().header(0, 1).str('general.x').u32(0xffffffff).u64(0).done(),
      expected: /has value type 4294967295, which GGUF does not define/,
    },
    {
      file: 'unknown-element-type.gguf',
      what: 'an array of value type 77',
      bytes: new GgufBytes().header(0, 1).str('a').u32(ARRAY).u32(77).u64(1).u64(0).done(),
      expected: /metadata 'a' is an array of value type 77, which GGUF does not define/,
    },
    {
      file: 'nested-arrays.gguf',
      what: 'an array of arrays',
      bytes: new GgufBytes()
        .header(0, 1)
        .str('a')
        .u32(ARRAY)
        .u32(ARRAY)
        .u64(1)
        .u32(ARRAY)
        .u64(1)
        .u32(0)
        .u64(0)
        .done(),
      expected: /metadata 'a' is an array of arrays, which llama\.cpp does not read/,
    },
    {
      file: 'nesting-bomb.gguf',
      what: 'arrays of arrays of 2^32 arrays, 64 deep',
      bytes: (() => {
        const g = new GgufBytes().header(0, 1).str('bomb').u32(ARRAY);
        for (let i = 0; i < 64; i++) g.u32(ARRAY).u64(2n ** 32n);
        return g.u32(0).u64(0).done();
      })(),
      expected: /metadata 'bomb' is an array of arrays/,
    },
    {
      file: 'alignment-3.gguf',
      what: 'general.alignment 3',
      bytes: oneTensor((g) => g.u32(1).u64(32).u32(F32).u64(0), {
        alignment: (g) => g.u32(UINT32).u32(3),
      }),
      expected: /general\.alignment is 3, not a power of two/,
    },
    {
      file: 'alignment-0.gguf',
      what: 'general.alignment 0',
      bytes: oneTensor((g) => g.u32(1).u64(32).u32(F32).u64(0), {
        alignment: (g) => g.u32(UINT32).u32(0),
      }),
      expected: /general\.alignment is 0, not a power of two/,
    },
    {
      file: 'alignment-2e31.gguf',
      what: 'general.alignment 2^31',
      bytes: oneTensor((g) => g.u32(1).u64(32).u32(F32).u64(0), {
        alignment: (g) => g.u32(UINT32).u32(2 ** 31),
      }),
      expected: /general\.alignment is 2147483648, more than the 1048576 accepted/,
    },
    {
      file: 'alignment-string.gguf',
      what: 'general.alignment as a string (llama.cpp asserts and aborts)',
      bytes: oneTensor((g) => g.u32(1).u64(32).u32(F32).u64(0), {
        alignment: (g) => g.u32(STRING).str('32'),
      }),
      expected: /general\.alignment is a string, not a uint32/,
    },
    {
      file: 'dims-5.gguf',
      what: 'a tensor of 5 dimensions',
      bytes: oneTensor((g) => g.u32(5).u64(1).u64(1).u64(1).u64(1).u64(32).u32(F32).u64(0)),
      expected: /tensor 'w' declares 5 dimensions; GGUF allows at most 4/,
    },
    {
      file: 'dims-max.gguf',
      what: 'a tensor of 2^32 - 1 dimensions',
      bytes: oneTensor((g) => g.u32(0xffffffff).u64(32).u32(F32).u64(0)),
      expected: /tensor 'w' declares 4294967295 dimensions/,
    },
    {
      file: 'dim-zero.gguf',
      what: 'a zero dimension (llama.cpp divides by it)',
      bytes: oneTensor((g) => g.u32(2).u64(32).u64(0).u32(F32).u64(0)),
      expected: /tensor 'w' dimension 1 is 0/,
    },
    {
      file: 'dim-negative.gguf',
      what: 'a dimension over 2^63 (negative to llama.cpp)',
      bytes: oneTensor((g) =>
        g
          .u32(1)
          .u64(2n ** 64n - 1n)
          .u32(F32)
          .u64(0),
      ),
      expected: /tensor 'w' dimension 0 is 18446744073709551615, negative as ggml reads it/,
    },
    {
      file: 'elements-2e62.gguf',
      what: '2^62 elements of F32',
      bytes: oneTensor((g) =>
        g
          .u32(2)
          .u64(2n ** 31n)
          .u64(2n ** 31n)
          .u32(F32)
          .u64(0),
      ),
      expected:
        /tensor 'w' declares 18446744073709551616 bytes of data, more than the whole \d+-byte file/,
    },
    {
      file: 'elements-overflow.gguf',
      what: 'more elements than 2^63',
      bytes: oneTensor((g) =>
        g
          .u32(3)
          .u64(2n ** 32n)
          .u64(2n ** 32n)
          .u64(2n ** 32n)
          .u32(F32)
          .u64(0),
      ),
      expected: /tensor 'w' declares more elements than ggml can count/,
    },
    {
      file: 'tensor-type-99.gguf',
      what: 'tensor type 99',
      bytes: oneTensor((g) => g.u32(1).u64(32).u32(99).u64(0)),
      expected: /tensor 'w' has tensor type 99, which ggml does not define/,
    },
    {
      file: 'tensor-type-removed.gguf',
      what: 'tensor type Q4_2 (removed from llama.cpp)',
      bytes: oneTensor((g) => g.u32(1).u64(32).u32(4).u64(0)),
      expected: /tensor 'w' has tensor type Q4_2, which llama\.cpp no longer reads/,
    },
    {
      file: 'tensor-misaligned.gguf',
      what: 'a tensor at an offset off the alignment',
      bytes: oneTensor((g) => g.u32(1).u64(32).u32(F32).u64(3)),
      expected: /tensor 'w' starts at offset 3, not a multiple of the alignment 32/,
    },
    {
      file: 'tensor-far.gguf',
      what: 'a tensor 2^60 bytes into the data',
      bytes: oneTensor((g) =>
        g
          .u32(1)
          .u64(32)
          .u32(F32)
          .u64(2n ** 60n),
      ),
      expected:
        /tensor 'w' starts at offset 1152921504606846976, where the tensors before it end at 0/,
    },
    {
      file: 'tensor-name-huge.gguf',
      what: 'a tensor name of 2^40 bytes',
      bytes: new GgufBytes().header(1, 0).u64(U64_2_40).raw(Buffer.alloc(40)).done(),
      expected:
        /tensor 0 declares a 1099511627776-byte name, but the 72-byte file can hold at most 24/,
    },
    {
      file: 'tensor-name-long.gguf',
      what: 'a tensor name over ggml’s 63 bytes',
      bytes: new GgufBytes()
        .header(1, 0)
        .str('x'.repeat(100))
        .u32(1)
        .u64(32)
        .u32(F32)
        .u64(0)
        .pad()
        .raw(Buffer.alloc(128))
        .done(),
      expected: /tensor 0 declares a 100-byte name; ggml names are at most 63 bytes/,
    },
    {
      file: 'duplicate-key.gguf',
      what: 'the same key twice',
      bytes: new GgufBytes()
        .header(0, 2)
        .str('general.name')
        .u32(UINT32)
        .u32(1)
        .str('general.name')
        .u32(UINT32)
        .u32(2)
        .done(),
      expected: /metadata key 'general\.name' appears twice/,
    },
    {
      file: 'control-chars.gguf',
      what: 'a key of terminal escapes (quoted harmlessly)',
      bytes: new GgufBytes()
        .header(0, 1)
        .str('\u001b]0;owned\u0007\u001b[2J')
        .u32(99)
        .u32(0)
        .done(),
      expected: /metadata '\?\]0;owned\?\?\[2J' has value type 99/,
    },
    {
      file: 'bad-magic.gguf',
      what: 'magic GGUX',
      bytes: Buffer.concat([Buffer.from('GGUX'), tiny().subarray(4)]),
      expected: /^bad-magic\.gguf is not a GGUF model file \(it does not start with "GGUF"\)/,
    },
    {
      file: 'empty.gguf',
      what: 'an empty file',
      bytes: Buffer.alloc(0),
      expected: /^empty\.gguf is not a GGUF model file/,
    },
    {
      file: 'version-1.gguf',
      what: 'GGUF version 1',
      bytes: new GgufBytes().header(0, 0, 1).done(),
      expected: /it is GGUF version 1, which llama\.cpp no longer reads/,
    },
    {
      file: 'version-4.gguf',
      what: 'GGUF version 4',
      bytes: new GgufBytes().header(0, 0, 4).done(),
      expected: /it declares GGUF version 4; versions 2 and 3 exist/,
    },
    {
      file: 'version-big-endian.gguf',
      what: 'a big-endian version 3',
      bytes: new GgufBytes().header(0, 0, 0x03000000).done(),
      expected: /its version reads 50331648: a big-endian file/,
    },
    {
      file: 'cut-in-version.gguf',
      what: 'a file cut after 6 bytes',
      bytes: tiny().subarray(0, 6),
      expected: /\(the 6-byte file ends inside its header\)/,
    },
    {
      file: 'cut-in-counts.gguf',
      what: 'a file cut after 20 bytes',
      bytes: tiny().subarray(0, 20),
      expected: /\(the 20-byte file ends inside its header\)/,
    },
    {
      file: 'cut-in-value.gguf',
      what: 'a file cut inside a uint64 value',
      bytes: new GgufBytes().header(0, 1).str('a').u32(10).raw(Buffer.alloc(1)).done(),
      expected: /\(the 38-byte file ends inside metadata 'a'\)/,
    },
    {
      file: 'cut-in-metadata.gguf',
      what: 'a file cut in its metadata',
      bytes: tiny().subarray(0, 300),
      expected:
        /\((the header declares \d+ tensors, but the 300-byte file can hold at most \d+|.* file can hold at most \d+|the 300-byte file ends inside .*)\)/,
    },
    {
      file: 'cut-in-tensor-infos.gguf',
      what: 'a file cut in its tensor list',
      bytes: (() => {
        const whole = tiny();
        // Just past the first tensor name: the metadata is whole, the tensor list is not.
        const at = whole.indexOf(Buffer.from('token_embd.weight')) + 20;
        return whole.subarray(0, at);
      })(),
      expected: /file can hold at most \d+\)|ends inside tensor/,
    },
    {
      file: 'cut-in-data.gguf',
      what: 'a file cut in its tensor data (a download cut short)',
      bytes: tiny().subarray(0, 200_000),
      expected:
        /^cut-in-data\.gguf is incomplete: tensor '[a-z_.0-9]+' lies past the end of the file/,
    },
  ];
  return list;
}

/** Writes every hostile file into `dir`; answers them with their paths. */
export function writeHostileGguf(dir: string): (HostileGguf & { path: string })[] {
  return hostileGguf().map((h) => {
    const path = join(dir, h.file);
    writeFileSync(path, h.bytes);
    return { ...h, path };
  });
}
