import { describe, expect, it } from 'vitest';
import { CircuitBreaker } from '../../../main/runs/engine/circuit-breaker';
import { WorkbenchError } from '../../../shared/api/result';

const refused = new WorkbenchError(
  'llm-unreachable',
  'nothing is listening at http://127.0.0.1:9/v1; is the server running, and on this port?',
);
const settle = () => new Promise((r) => setTimeout(r, 0));

function breaker(check?: () => Promise<unknown>, failures = 3) {
  const trips: string[] = [];
  let now = 0;
  const b = new CircuitBreaker({
    ...(check ? { check } : {}),
    trip: (reason) => trips.push(reason),
    signal: new AbortController().signal,
    failures,
    checkGapMs: 1000,
    now: () => now,
  });
  return { b, trips, advance: (ms: number) => (now += ms) };
}

describe('circuit breaker (issue 25)', () => {
  it('opens after N questions in a row could not connect; an answer in between starts the count again', () => {
    const { b, trips } = breaker();
    b.failed(refused);
    b.failed(refused);
    b.reached();
    b.failed(refused);
    b.failed(refused);
    expect(trips).toEqual([]);
    b.failed(refused);
    expect(trips).toHaveLength(1);
    expect(trips[0]).toMatch(/nothing is listening at http:\/\/127\.0\.0\.1:9\/v1/);
    expect(trips[0]).toMatch(/3 questions in a row could not connect/);
    expect(b.tripped).toBe(true);
    b.failed(refused);
    expect(trips).toHaveLength(1); // once
  });

  it('one connection failure and a check that cannot reach the endpoint either: opens at once', async () => {
    let checks = 0;
    const { b, trips } = breaker(() => {
      checks++;
      return Promise.reject(refused);
    });
    b.suspect();
    await settle();
    expect(checks).toBe(1);
    expect(trips).toEqual([refused.message]);
  });

  it('a check the server answers (even with an error of its own) keeps it closed; checks are spaced', async () => {
    let checks = 0;
    let answer: () => Promise<unknown> = () => Promise.resolve({ via: 'models' });
    const { b, trips, advance } = breaker(() => {
      checks++;
      return answer();
    });
    b.suspect();
    await settle();
    b.suspect(); // within the gap: no second check
    await settle();
    expect(checks).toBe(1);
    advance(1500);
    answer = () => Promise.reject(new WorkbenchError('llm-unauthorized', 'key refused'));
    b.suspect();
    await settle();
    expect(checks).toBe(2);
    expect(trips).toEqual([]);
    advance(1500);
    answer = () => Promise.reject(new WorkbenchError('llm-timeout', 'did not answer within 5 s'));
    b.suspect();
    await settle();
    expect(trips).toEqual(['did not answer within 5 s']);
  });
});
