import { describe, expect, it } from 'vitest';
import {
  classifyThrown,
  oneLine,
  parseThrownDescription,
  PROGRAM_FILE,
  UNINSPECTABLE,
  type ThrownContext,
  type ThrownDescription,
} from '../../../shared/sandbox/classify-thrown';

const ctx: ThrownContext = {
  interruptedBy: undefined,
  timeoutMs: 500,
  memoryBytes: 16 * 1024 * 1024,
};
const object = (name: string, message: string, fileName = ''): ThrownDescription => ({
  kind: 'object',
  name,
  message,
  fileName,
});

describe('classifyThrown', () => {
  it('an interrupt is a timeout or a memory stop whatever was thrown', () => {
    expect(classifyThrown(UNINSPECTABLE, { ...ctx, interruptedBy: 'deadline' })).toEqual({
      kind: 'timeout',
      message: 'ran past its 500 ms deadline',
    });
    expect(classifyThrown(object('Error', 'x'), { ...ctx, interruptedBy: 'memory' }).kind).toBe(
      'memory',
    );
  });

  it('a SyntaxError located in the program file is a parse error; elsewhere a runtime error', () => {
    expect(classifyThrown(object('SyntaxError', 'unexpected token', PROGRAM_FILE), ctx)).toEqual({
      kind: 'syntax',
      message: 'SyntaxError: unexpected token',
    });
    // JSON.parse('{') and eval('1+') report the file "<input>".
    expect(
      classifyThrown(object('SyntaxError', 'expecting property name', '<input>'), ctx).kind,
    ).toBe('runtime');
  });

  it('QuickJS limit errors become memory and stack', () => {
    expect(classifyThrown(object('InternalError', 'out of memory'), ctx)).toEqual({
      kind: 'memory',
      message: 'hit the 16 MiB memory limit (out of memory)',
    });
    expect(classifyThrown(object('InternalError', 'string too long'), ctx).kind).toBe('memory');
    expect(classifyThrown(object('InternalError', 'stack overflow'), ctx).kind).toBe('stack');
    expect(classifyThrown(object('RangeError', 'Maximum call stack size exceeded'), ctx).kind).toBe(
      'stack',
    );
    expect(classifyThrown(object('RangeError', 'invalid array length'), ctx).kind).toBe('runtime');
  });

  it('describes thrown primitives and non-Errors without their own text running', () => {
    expect(
      classifyThrown({ kind: 'primitive', name: 'number', message: '1', fileName: '' }, ctx)
        .message,
    ).toBe('threw 1');
    expect(
      classifyThrown(
        { kind: 'primitive', name: 'string', message: 'bad\nthing', fileName: '' },
        ctx,
      ).message,
    ).toBe('threw the string "bad"');
    expect(classifyThrown(object('', ''), ctx)).toEqual({
      kind: 'runtime',
      message: 'threw a non-Error object',
    });
    expect(classifyThrown(UNINSPECTABLE, ctx).message).toBe(
      'threw a value that could not be inspected',
    );
    expect(classifyThrown(object('TypeError', 'x is not a function'), ctx).message).toBe(
      'TypeError: x is not a function',
    );
  });
});

describe('parseThrownDescription / oneLine', () => {
  it('parses the describer string and rejects anything malformed', () => {
    expect(parseThrownDescription('object\u0001TypeError\u0001boom\u0001program.js')).toEqual(
      object('TypeError', 'boom', 'program.js'),
    );
    expect(parseThrownDescription('garbage')).toEqual(UNINSPECTABLE);
    expect(parseThrownDescription('weird\u0001a\u0001b\u0001c')).toEqual(UNINSPECTABLE);
  });

  it('keeps one bounded line', () => {
    expect(oneLine('a\n b')).toBe('a');
    expect(oneLine('x'.repeat(500), 10)).toBe(`${'x'.repeat(9)}…`);
  });
});
