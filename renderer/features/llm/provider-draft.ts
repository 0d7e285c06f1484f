import {
  ProviderConfig,
  modelFilePath,
  modelFileUrl,
  presetBaseUrls,
  presetLabels,
  type ProviderPreset,
  type ProviderView,
} from '../../../shared/llm/provider';
import { compact } from '../../../shared/util/compact';

/** The provider form's fields as typed (numbers stay text until saved, so they can be empty). */
export interface ProviderDraft {
  name: string;
  preset: ProviderPreset;
  /** For an embedded model, the .gguf file's path (saved as a file: URL). */
  baseUrl: string;
  apiKeyName: string;
  defaultModel: string;
  temperature: string;
  topP: string;
  maxTokens: string;
  seed: string;
  timeoutSeconds: string;
  maxRetries: string;
}

export const DEFAULT_TIMEOUT_S = 120;
export const DEFAULT_RETRIES = 3;

export function newDraft(preset: ProviderPreset = 'ollama'): ProviderDraft {
  if (preset === 'embedded') return embeddedDraft('');
  return {
    name: preset === 'custom' ? '' : presetLabels[preset],
    preset,
    baseUrl: presetBaseUrls[preset] ?? '',
    apiKeyName: '',
    defaultModel: '',
    temperature: '',
    topP: '',
    maxTokens: '',
    seed: '',
    timeoutSeconds: String(DEFAULT_TIMEOUT_S),
    maxRetries: String(DEFAULT_RETRIES),
  };
}

/**
 * An embedded model (a .gguf file the workbench runs itself): named after its file, the file's
 * name as its model, no retries (there is no server to come back) and room for a slow CPU.
 */
export function embeddedDraft(path: string): ProviderDraft {
  const fileName = path.split(/[\\/]/).pop() ?? '';
  return {
    name: fileName.replace(/\.gguf$/i, '') || presetLabels.embedded,
    preset: 'embedded',
    baseUrl: path,
    apiKeyName: '',
    defaultModel: fileName,
    temperature: '',
    topP: '',
    maxTokens: '',
    seed: '',
    timeoutSeconds: '600',
    maxRetries: '0',
  };
}

/** A file chosen in the dialog: its path, and the name and model made from it unless typed. */
export function withModelFile(d: ProviderDraft, path: string): ProviderDraft {
  const fresh = embeddedDraft(path);
  return {
    ...d,
    baseUrl: path,
    name: d.name === '' || d.name === presetLabels.embedded ? fresh.name : d.name,
    defaultModel: d.defaultModel === '' ? fresh.defaultModel : d.defaultModel,
  };
}

const text = (n: number | undefined | null) => (n === undefined || n === null ? '' : String(n));

export function draftOf(p: ProviderView): ProviderDraft {
  return {
    name: p.name,
    preset: p.preset,
    baseUrl: (p.preset === 'embedded' ? modelFilePath(p.baseUrl) : null) ?? p.baseUrl,
    apiKeyName: p.apiKeyName ?? '',
    defaultModel: p.defaultModel ?? '',
    temperature: text(p.params.temperature),
    topP: text(p.params.topP),
    maxTokens: text(p.params.maxTokens),
    seed: text(p.params.seed),
    timeoutSeconds: text(p.timeoutMs / 1000),
    maxRetries: text(p.maxRetries),
  };
}

/**
 * Choosing a preset fills its base URL, unless the user typed their own, and names the
 * provider after it when the name is still a preset's.
 */
export function withPreset(d: ProviderDraft, preset: ProviderPreset): ProviderDraft {
  if (preset === 'embedded') return { ...embeddedDraft(''), name: d.name || presetLabels.embedded };
  const presetUrls = Object.values(presetBaseUrls);
  const presetNames: string[] = Object.values(presetLabels);
  const url = presetBaseUrls[preset];
  return {
    ...d,
    preset,
    baseUrl: url !== null && (d.baseUrl === '' || presetUrls.includes(d.baseUrl)) ? url : d.baseUrl,
    name:
      d.name === '' || presetNames.includes(d.name)
        ? preset === 'custom'
          ? ''
          : presetLabels[preset]
        : d.name,
  };
}

/** A secret name from the provider's name: "LM Studio (work)" → "llm.lm-studio-work". */
export function keyNameFor(name: string): string {
  const slug = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 50);
  return `llm.${slug || 'provider'}`;
}

export type DraftResult =
  | { ok: true; config: ProviderConfig }
  | { ok: false; errors: Partial<Record<keyof ProviderDraft, string>> };

/**
 * The form's fields as a ProviderConfig, or what is wrong with each field. `withKey`: a key was
 * typed, so the provider needs a key name (made from its name when left empty).
 */
export function configOf(d: ProviderDraft, withKey: boolean): DraftResult {
  const errors: Partial<Record<keyof ProviderDraft, string>> = {};
  const num = (field: keyof ProviderDraft, int: boolean): number | undefined => {
    const s = d[field].trim();
    if (s === '') return undefined;
    const n = Number(s);
    if (!Number.isFinite(n) || (int && !Number.isInteger(n))) {
      errors[field] = int ? 'a whole number' : 'a number';
      return undefined;
    }
    return n;
  };
  const temperature = num('temperature', false);
  const topP = num('topP', false);
  const maxTokens = num('maxTokens', true);
  const seed = num('seed', true);
  const timeout = num('timeoutSeconds', false);
  const retries = num('maxRetries', true);
  const keyName = d.apiKeyName.trim() || (withKey ? keyNameFor(d.name) : '');
  const embedded = d.preset === 'embedded';
  if (embedded && !/^(\/|[A-Za-z]:[\\/])/.test(d.baseUrl.trim()))
    errors.baseUrl = 'the full path of a .gguf file on the machine running the workbench';
  const candidate = {
    name: d.name.trim(),
    preset: d.preset,
    baseUrl: embedded ? modelFileUrl(d.baseUrl.trim()) : d.baseUrl.trim(),
    apiKeyName: keyName === '' ? null : keyName,
    defaultModel:
      d.defaultModel.trim() !== ''
        ? d.defaultModel.trim()
        : embedded
          ? (d.baseUrl.trim().split(/[\\/]/).pop() ?? null)
          : null,
    params: compact({ temperature, topP, maxTokens, seed }),
    timeoutMs: Math.round((timeout ?? DEFAULT_TIMEOUT_S) * 1000),
    maxRetries: retries ?? DEFAULT_RETRIES,
  };
  // The contract's own schema says what else is wrong (ranges, URL, key name characters).
  const parsed = ProviderConfig.safeParse(candidate);
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const [top, sub] = issue.path;
      const field: keyof ProviderDraft | undefined =
        top === 'params'
          ? (sub as keyof ProviderDraft)
          : top === 'timeoutMs'
            ? 'timeoutSeconds'
            : (top as keyof ProviderDraft);
      if (field && !errors[field])
        errors[field] = top === 'timeoutMs' ? 'between 1 and 3600 seconds' : issue.message;
    }
  if (Object.keys(errors).length > 0 || !parsed.success) return { ok: false, errors };
  return { ok: true, config: parsed.data };
}
