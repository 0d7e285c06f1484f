import { describe, expect, it } from 'vitest';
import { clientFor, type Endpoint } from '../../../main/llm/openai-calls';

const ep = (over: Partial<Endpoint> = {}): Endpoint => ({
  baseUrl: 'http://127.0.0.1:9/v1',
  apiKeyName: null,
  timeoutMs: 30_000,
  maxRetries: 2,
  params: {},
  ...over,
});

describe('one openai client per endpoint', () => {
  it('is kept across calls to the same endpoint, key and timeout', () => {
    expect(clientFor(ep())).toBe(clientFor(ep()));
    expect(clientFor(ep({ key: 'sk-a' }))).toBe(clientFor(ep({ key: 'sk-a' })));
  });

  it('a changed key, base URL or timeout gets its own client with its own settings', () => {
    const a = clientFor(ep({ key: 'sk-a' }));
    const b = clientFor(ep({ key: 'sk-b' }));
    expect(b).not.toBe(a);
    expect(b.apiKey).toBe('sk-b');
    expect(clientFor(ep({ baseUrl: 'http://127.0.0.1:10/v1' })).baseURL).toBe(
      'http://127.0.0.1:10/v1',
    );
    expect(clientFor(ep({ timeoutMs: 1_000 })).timeout).toBe(6_000);
    expect(clientFor(ep({ timeoutMs: 1_000 }))).not.toBe(clientFor(ep()));
  });
});
