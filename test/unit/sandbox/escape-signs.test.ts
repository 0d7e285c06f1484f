import { describe, expect, it } from 'vitest';
import { signsOfEscape } from '../../support/escape-signs';

describe("the hostile corpora's escape check", () => {
  it('does not take a duration that contains the port for a connection', () => {
    const result = { ok: true, value: 'contained', durationMs: 0.43471599999998034 };
    expect(signsOfEscape(result, 43471, ['FOOTHOLD'])).toEqual([]);
  });

  it('still sees the port, and the markers, anywhere else in the result', () => {
    expect(signsOfEscape({ ok: true, value: 'ECONNREFUSED 127.0.0.1:43471' }, 43471, [])).toEqual([
      'port 43471',
    ]);
    expect(signsOfEscape({ ok: true, logs: 'FOOTHOLD' }, 43471, ['FOOTHOLD'])).toEqual([
      'FOOTHOLD',
    ]);
    expect(signsOfEscape({ ok: true, value: 143471 }, 43471, [])).toEqual([]);
  });
});
