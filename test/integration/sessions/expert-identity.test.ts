import { createPublicKey, sign, verify } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fileSecretStore } from '../../../main/secrets/secret-store';
import { fingerprintOf, publicKeyFromRaw } from '../../../main/sessions/bundle-signature';
import { EXPERT_KEY_NAME, ExpertIdentity } from '../../../main/sessions/expert-identity';
import { tempDir } from '../../support/temp-dir';

/*
 * The workspace's expert identity (issue 21): one Ed25519 key pair per workspace, created on
 * first use and kept by the secret store's mechanism in a file of its own (0600 outside
 * Electron), the same key whoever asks first and however many ask at once.
 */
describe('expert identity', () => {
  const t = tempDir('expert-identity-');
  afterAll(() => t.cleanup());
  const identity = () => new ExpertIdentity(fileSecretStore(t.dir, undefined, 'expert-identity'));

  it('creates one key, however many ask at once, and keeps it', async () => {
    const keys = await Promise.all(Array.from({ length: 12 }, () => identity().signingKey()));
    const fingerprints = new Set(keys.map((k) => k.fingerprint));
    expect(fingerprints.size).toBe(1);
    const [key] = keys;
    expect(key!.fingerprint).toBe(fingerprintOf(key!.publicKey));
    expect(key!.fingerprint).toMatch(/^[0-9a-f]{4}( [0-9a-f]{4}){3}$/);
    expect(Buffer.from(key!.publicKey, 'base64')).toHaveLength(32);
    // The public key carried in bundles verifies what the private key signs.
    const data = Buffer.from('canonical content');
    const sig = sign(null, data, key!.privateKey);
    expect(verify(null, data, publicKeyFromRaw(key!.publicKey)!, sig)).toBe(true);
    expect(createPublicKey(key!.privateKey).asymmetricKeyType).toBe('ed25519');
    // Another instance (another process, later) reads the same key.
    expect((await identity().signingKey()).fingerprint).toBe(key!.fingerprint);
    // Kept apart from the API keys, readable by the user only.
    const file = join(t.dir, 'expert-identity.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(Object.keys(JSON.parse(readFileSync(file, 'utf8')) as object)).toEqual([
      EXPERT_KEY_NAME,
    ]);
    expect(await fileSecretStore(t.dir).list()).toEqual([]);
  });
});
