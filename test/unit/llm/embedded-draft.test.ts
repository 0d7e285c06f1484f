import { describe, expect, it } from 'vitest';
import {
  configOf,
  draftOf,
  newDraft,
  withModelFile,
} from '../../../renderer/features/llm/provider-draft';
import { modelFilePath, modelFileUrl } from '../../../shared/llm/provider';

describe('embedded model files as providers', () => {
  it('a path becomes a file: URL and back, spaces, # and Windows drives included', () => {
    for (const path of ['/home/ann/models/qwen 2.5 #1.gguf', 'C:/Users/Ann/models/m.gguf']) {
      const url = modelFileUrl(path);
      expect(url).toMatch(/^file:\/\//);
      expect(new URL(url).protocol).toBe('file:');
      expect(modelFilePath(url)).toBe(path);
    }
    expect(modelFileUrl('C:\\Users\\Ann\\m.gguf')).toBe('file:///C:/Users/Ann/m.gguf');
    expect(modelFileUrl('/m/a b.gguf')).toBe('file:///m/a%20b.gguf');
    expect(modelFilePath('http://127.0.0.1:8080/v1')).toBeNull();
  });

  it('the form takes a path: saved as a file: URL, named and modelled after the file', () => {
    const d = { ...newDraft('embedded'), baseUrl: '/models/qwen2.5-7b-q4_k_m.gguf' };
    expect(d).toMatchObject({ preset: 'embedded', maxRetries: '0', apiKeyName: '' });
    const r = configOf(d, false);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    expect(r.config).toMatchObject({
      preset: 'embedded',
      baseUrl: 'file:///models/qwen2.5-7b-q4_k_m.gguf',
      defaultModel: 'qwen2.5-7b-q4_k_m.gguf',
      apiKeyName: null,
      maxRetries: 0,
    });
    // Editing shows the path again, not the URL.
    expect(draftOf({ ...r.config, id: 1, hasKey: false, loopback: false }).baseUrl).toBe(
      '/models/qwen2.5-7b-q4_k_m.gguf',
    );
  });

  it('a file chosen in the dialog names the provider and its model, unless they were typed', () => {
    const chosen = withModelFile(newDraft('embedded'), '/m/phi-3.5-mini-q4.gguf');
    expect(chosen).toMatchObject({
      baseUrl: '/m/phi-3.5-mini-q4.gguf',
      name: 'phi-3.5-mini-q4',
      defaultModel: 'phi-3.5-mini-q4.gguf',
    });
    const typed = { ...newDraft('embedded'), name: 'Work laptop model', maxTokens: '256' };
    expect(withModelFile(typed, '/m/x.gguf')).toMatchObject({
      name: 'Work laptop model',
      maxTokens: '256',
      defaultModel: 'x.gguf',
    });
  });

  it('a relative path or a URL is not a model file', () => {
    for (const baseUrl of ['models/m.gguf', 'http://127.0.0.1:8080/v1']) {
      const r = configOf({ ...newDraft('embedded'), baseUrl }, false);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.errors.baseUrl).toMatch(/^the full path of a \.gguf file/);
    }
  });
});
