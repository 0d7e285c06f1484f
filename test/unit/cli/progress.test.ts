import { describe, expect, it } from 'vitest';
import {
  jobProgressPrinter,
  PLAIN_EVERY_MS,
  type JobProgressReport,
} from '../../../main/cli/progress';

function fakeStream(isTTY: boolean) {
  const writes: string[] = [];
  return { stream: { isTTY, columns: 80, write: (t: string) => writes.push(t) }, writes };
}

const report = (done: number, state = 'running', total = 600): JobProgressReport => ({
  jobId: 'j1',
  label: 'big.htm',
  state,
  done,
  total,
});

describe('job progress on stderr', () => {
  it('off a terminal: a handful of lines for 600 reports, not one per report', () => {
    const { stream, writes } = fakeStream(false);
    let clock = 0;
    const printer = jobProgressPrinter({ stream, now: () => clock });
    // 600 reports over 30 s, one per 50 ms (an import reporting each chunk it copies).
    for (let done = 0; done <= 600; done++) {
      clock = done * 50;
      printer.update(report(done));
    }
    printer.update(report(600, 'done'));
    printer.end();
    const lines = writes.join('').split('\n').filter(Boolean);
    expect(lines.length).toBeLessThanOrEqual(12);
    expect(lines[0]).toBe('  big.htm: 0%');
    expect(lines.at(-1)).toBe('  big.htm: 100%');
    // Never two lines less than PLAIN_EVERY_MS apart while running, and each a new tenth.
    const percents = lines.map((l) => Number(/(\d+)%/.exec(l)![1]));
    for (let i = 1; i < percents.length; i++)
      expect(Math.floor(percents[i]! / 10)).toBeGreaterThan(Math.floor(percents[i - 1]! / 10));
    expect(writes.every((w) => !w.includes('\r'))).toBe(true);
  });

  it('off a terminal: at most one line per 2 s however far it moves, and the end always', () => {
    const { stream, writes } = fakeStream(false);
    let clock = 0;
    const printer = jobProgressPrinter({ stream, now: () => clock });
    printer.update(report(0));
    clock = PLAIN_EVERY_MS - 1;
    printer.update(report(300)); // half-way, but too soon
    printer.update(report(599));
    printer.update(report(600, 'failed'));
    expect(writes).toEqual(['  big.htm: 0%\n', '  big.htm: 100% (failed)\n']);
  });

  it('on a terminal: one line rewritten in place as the percent moves, closed at the end', () => {
    const { stream, writes } = fakeStream(true);
    const printer = jobProgressPrinter({ stream, now: () => 0 });
    for (let done = 0; done <= 600; done++) printer.update(report(done));
    printer.update(report(600, 'done'));
    // One write per percent (0..100), then the finished line; no repeats of a percent.
    expect(writes.length).toBe(102);
    expect(writes.every((w) => w.startsWith('\r\x1b[2K'))).toBe(true);
    expect(writes.at(-1)).toBe('\r\x1b[2K  big.htm: 100%\n');
    printer.end();
    expect(writes.length).toBe(102); // already closed
  });

  it('prints nothing once the command was interrupted, and escapes control characters in labels', () => {
    const { stream, writes } = fakeStream(false);
    let interrupted = false;
    const printer = jobProgressPrinter({ stream, now: () => 0, quiet: () => interrupted });
    printer.update({ ...report(0), label: 'evil\x1b]0;title\x07.htm' });
    interrupted = true;
    printer.update(report(600, 'cancelled'));
    expect(writes).toEqual(['  evil\\u001b]0;title\\u0007.htm: 0%\n']);
  });
});
