/**
 * Which store holds API keys in the desktop app. Kept apart from Electron (the thin shell is
 * main/electron/safe-storage-cipher.ts) so the decision is unit-tested without it.
 */

export interface SafeStorageProbe {
  platform: NodeJS.Platform;
  /** `safeStorage.isEncryptionAvailable()`. */
  encryptionAvailable: boolean;
  /** `safeStorage.getSelectedStorageBackend()` (Linux only; undefined elsewhere). */
  linuxBackend?: string | undefined;
}

export type SecretBackendChoice =
  | { use: 'safeStorage' }
  /** The 0600 file web mode uses; `warning` says why, for the log. */
  | { use: 'file'; warning: string };

/**
 * On Linux without a keyring (no gnome-keyring / KWallet, e.g. a bare window manager),
 * Electron's safeStorage still reports encryption as available but selects `basic_text`: a
 * password hard-coded in Chromium, so "encrypted" keys are readable by anyone who can read the
 * file. Storing them that way would claim a protection they do not have; the honest store is
 * the plain 0600 file, with a warning saying so and how to get the keychain.
 */
export function chooseSecretBackend(probe: SafeStorageProbe): SecretBackendChoice {
  if (!probe.encryptionAvailable) {
    return {
      use: 'file',
      warning:
        'the OS keychain is not available: API keys are stored unencrypted in the workspace file secrets.json (readable only by you, mode 0600)',
    };
  }
  if (probe.platform === 'linux') {
    const backend = probe.linuxBackend ?? 'unknown';
    // 'unknown' is what Electron answers before it has picked one: not a keyring we know of.
    if (backend === 'basic_text' || backend === 'unknown') {
      return {
        use: 'file',
        warning: `no keyring found (Electron's safeStorage backend is "${backend}", which encrypts with a fixed, public password): API keys are stored unencrypted in the workspace file secrets.json (mode 0600) instead. Run a Secret Service keyring (gnome-keyring or KWallet) to keep them in the OS keychain; keys saved before then must be entered again.`,
      };
    }
  }
  return { use: 'safeStorage' };
}
