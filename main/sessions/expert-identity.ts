import { createPrivateKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import type { SecretStore } from '../secrets/secret-store';
import { fingerprintOf, rawPublicKey } from './bundle-signature';

/** The name of the private key in the expert-identity store. */
export const EXPERT_KEY_NAME = 'expert-signing-key-ed25519';

export interface ExpertKey {
  privateKey: KeyObject;
  /** Raw 32-byte public key, base64 (what bundles carry). */
  publicKey: string;
  /** "ab12 cd34 ef56 7890": first 16 hex digits of SHA-256 of the raw public key. */
  fingerprint: string;
}

/**
 * This workspace's expert identity: an Ed25519 key pair that signs the session bundles it
 * exports. Created on first use (the first export) and kept the way API keys are kept
 * (main/secrets: the OS keychain through safeStorage in the desktop app, a 0600 file in web mode
 * and the CLI), in a store of its own so the `secrets.*` API neither lists nor replaces it.
 * Creation is one locked read-modify-write: two processes exporting at once get the same key.
 */
export class ExpertIdentity {
  private key?: Promise<ExpertKey> | undefined;

  constructor(private readonly store: SecretStore) {}

  /** The key pair, created and stored on the first call. */
  signingKey(): Promise<ExpertKey> {
    this.key ??= this.load().catch((e: unknown) => {
      this.key = undefined;
      throw e;
    });
    return this.key;
  }

  private async load(): Promise<ExpertKey> {
    const pem = await this.store.getOrSet(EXPERT_KEY_NAME, () =>
      generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
    );
    const privateKey = createPrivateKey(pem);
    const publicKey = rawPublicKey(privateKey);
    return { privateKey, publicKey, fingerprint: fingerprintOf(publicKey) };
  }
}
