import { createHash, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';
import { canonicalJson } from '../../shared/sessions/bundle';

/**
 * Ed25519 over a bundle's canonical JSON (docs/sessions.md "Bundles", docs/SECURITY.md "Expert
 * bundles"). The signed bytes are canonicalJson(content): keys sorted, no whitespace, so the
 * same content gives the same bytes whoever wrote the file and however it was indented.
 */

/** The raw 32-byte public key of an Ed25519 key (private or public), base64. */
export function rawPublicKey(key: KeyObject): string {
  const jwk = (key.type === 'private' ? createPublicKey(key) : key).export({ format: 'jwk' });
  if (jwk.crv !== 'Ed25519' || typeof jwk.x !== 'string') throw new Error('not an Ed25519 key');
  return Buffer.from(jwk.x, 'base64url').toString('base64');
}

/** A raw public key (base64) as a key object; undefined when it is not 32 bytes. */
export function publicKeyFromRaw(raw: string): KeyObject | undefined {
  const bytes = Buffer.from(raw, 'base64');
  if (bytes.length !== 32) return undefined;
  try {
    return createPublicKey({
      key: { kty: 'OKP', crv: 'Ed25519', x: bytes.toString('base64url') },
      format: 'jwk',
    });
  } catch {
    return undefined;
  }
}

/** First 16 hex digits of SHA-256 of the raw public key, in groups of 4: "ab12 cd34 ef56 7890". */
export function fingerprintOf(raw: string): string {
  const hex = createHash('sha256').update(Buffer.from(raw, 'base64')).digest('hex').slice(0, 16);
  return hex.replace(/(.{4})(?!$)/g, '$1 ');
}

/** Signs canonicalJson(content); the signature as base64 (88 characters). */
export function signContent(content: unknown, privateKey: KeyObject): string {
  return sign(null, Buffer.from(canonicalJson(content), 'utf8'), privateKey).toString('base64');
}

/** True when `signature` is `publicKey`'s Ed25519 signature of canonicalJson(content). */
export function verifyContent(content: unknown, publicKey: string, signature: string): boolean {
  const key = publicKeyFromRaw(publicKey);
  const sig = Buffer.from(signature, 'base64');
  if (!key || sig.length !== 64) return false;
  try {
    return verify(null, Buffer.from(canonicalJson(content), 'utf8'), key, sig);
  } catch {
    return false;
  }
}
