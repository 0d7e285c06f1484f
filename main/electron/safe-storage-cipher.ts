import { safeStorage } from 'electron';
import { plainFileCipher, type SecretCipher } from '../secrets/secret-store';
import { chooseSecretBackend } from '../secrets/keychain-choice';

/**
 * The OS keychain where there is a real one; otherwise the same 0600 file web mode uses, with
 * a warning in the log (Linux's `basic_text` backend is no keychain: see
 * main/secrets/keychain-choice.ts).
 * Call after the app is ready (Electron only knows its Linux backend then).
 */
export function safeStorageCipher(): SecretCipher {
  const choice = chooseSecretBackend({
    platform: process.platform,
    encryptionAvailable: safeStorage.isEncryptionAvailable(),
    linuxBackend:
      process.platform === 'linux' ? safeStorage.getSelectedStorageBackend() : undefined,
  });
  if (choice.use === 'file') {
    console.warn(`[secrets] ${choice.warning}`);
    return plainFileCipher;
  }
  return {
    backend: 'safeStorage',
    encrypt: (plain) => safeStorage.encryptString(plain),
    decrypt: (stored) => safeStorage.decryptString(stored),
  };
}
