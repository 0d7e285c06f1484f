import { isIP } from 'node:net';
import { presetBaseUrls, presetLabels, type ProviderPreset } from '../../shared/llm/provider';

/**
 * Loopback means the request cannot leave this machine: 127.0.0.0/8, ::1, localhost (and
 * *.localhost, which resolvers must map to loopback, RFC 6761). Anything else is remote, even a
 * LAN address: the offline switch is about data leaving the machine.
 */
export function isLoopbackUrl(baseUrl: string): boolean {
  let host: string;
  try {
    host = new URL(baseUrl).hostname.toLowerCase();
  } catch {
    return false;
  }
  if (host.startsWith('[') && host.endsWith(']')) host = host.slice(1, -1);
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (isIP(host) === 4) return host.startsWith('127.');
  if (isIP(host) === 6) return host === '::1' || /^::ffff:127\./.test(host);
  return false;
}

/** One spelling per endpoint (no trailing slash), so cache keys and messages agree. */
export function normalizeBaseUrl(baseUrl: string): string {
  return baseUrl.trim().replace(/\/+$/, '');
}

/** The preset whose default port this URL uses, for hints like "is Ollama running?". */
export function presetOf(baseUrl: string): ProviderPreset | undefined {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    return undefined;
  }
  for (const [preset, presetUrl] of Object.entries(presetBaseUrls)) {
    if (!presetUrl) continue;
    const p = new URL(presetUrl);
    const sameHost = isLoopbackUrl(presetUrl) ? isLoopbackUrl(baseUrl) : p.host === url.host;
    if (sameHost && p.port === url.port) return preset as ProviderPreset;
  }
  return undefined;
}

/** What to check when nothing answers at `baseUrl`. */
export function unreachableHint(baseUrl: string): string {
  const preset = presetOf(baseUrl);
  if (preset && preset !== 'openai' && preset !== 'custom') {
    return `is ${presetLabels[preset]} running?`;
  }
  return isLoopbackUrl(baseUrl)
    ? 'is the server running, and on this port?'
    : 'check the base URL and the network connection';
}
