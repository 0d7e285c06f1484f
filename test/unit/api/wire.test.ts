import { describe, expect, it } from 'vitest';
import { decodeCall, encodeCall } from '../../../shared/api/wire';

describe('wire codec for web-mode calls', () => {
  it('round-trips plain JSON input', () => {
    const input = { paths: ['a.htm', 'b.pdf'], n: 3, nested: { ok: true } };
    expect(decodeCall(encodeCall(input))).toEqual(input);
  });

  it('carries binary values after the JSON, byte for byte', () => {
    const bytes = new Uint8Array([0, 1, 2, 255, 254, 37, 80, 68, 70]);
    const other = new Uint8Array(70_000).map((_, i) => i % 251);
    const decoded = decodeCall(encodeCall({ name: 'x.pdf', bytes, list: [other] })) as {
      name: string;
      bytes: Uint8Array;
      list: Uint8Array[];
    };
    expect(decoded.name).toBe('x.pdf');
    expect([...decoded.bytes]).toEqual([...bytes]);
    expect(decoded.list[0]!.byteLength).toBe(70_000);
    expect(decoded.list[0]![70_000 - 1]).toBe((70_000 - 1) % 251);
  });

  it('rejects truncated bodies with a clear error', () => {
    const body = encodeCall({ bytes: new Uint8Array(100) });
    expect(() => decodeCall(body.subarray(0, body.byteLength - 10))).toThrow(/truncated/);
    expect(() => decodeCall(new Uint8Array([0, 0]))).toThrow(/too short/);
    expect(() => decodeCall(new Uint8Array([0, 0, 1, 0]))).toThrow(/truncated/);
  });

  it('does not mistake user objects with other keys for blobs', () => {
    const input = { $blob: 'not a number', length: 3 };
    expect(decodeCall(encodeCall(input))).toEqual(input);
  });
});
