import { safeStorage } from 'electron';
import { plainFileCipher, type SecretCipher } from '../secrets/secret-store';

/** OS keychain encryption where available; otherwise the same 0600 file web mode uses. */
export function safeStorageCipher(): SecretCipher {
  if (!safeStorage.isEncryptionAvailable()) return plainFileCipher;
  return {
    backend: 'safeStorage',
    encrypt: (plain) => safeStorage.encryptString(plain),
    decrypt: (stored) => safeStorage.decryptString(stored),
  };
}
