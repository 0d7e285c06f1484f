import { describe, expect, it } from 'vitest';
import { chooseSecretBackend } from '../../../main/secrets/keychain-choice';

describe('which store holds API keys in the desktop app', () => {
  it('uses the OS keychain on macOS, Windows, and Linux with a real keyring', () => {
    for (const probe of [
      { platform: 'darwin' as const, encryptionAvailable: true },
      { platform: 'win32' as const, encryptionAvailable: true },
      { platform: 'linux' as const, encryptionAvailable: true, linuxBackend: 'gnome_libsecret' },
      { platform: 'linux' as const, encryptionAvailable: true, linuxBackend: 'kwallet5' },
    ]) {
      expect(chooseSecretBackend(probe), probe.platform).toEqual({ use: 'safeStorage' });
    }
  });

  it("falls back to the 0600 file, saying why, on Linux's basic_text backend (no keyring)", () => {
    const choice = chooseSecretBackend({
      platform: 'linux',
      encryptionAvailable: true,
      linuxBackend: 'basic_text',
    });
    expect(choice).toMatchObject({ use: 'file' });
    const warning = (choice as { warning: string }).warning;
    expect(warning).toMatch(/no keyring found/);
    expect(warning).toMatch(/"basic_text"/);
    expect(warning).toMatch(/secrets\.json \(mode 0600\)/);
    expect(warning).toMatch(/gnome-keyring or KWallet/);
  });

  it('treats a backend Electron has not picked yet as no keyring', () => {
    expect(
      chooseSecretBackend({
        platform: 'linux',
        encryptionAvailable: true,
        linuxBackend: 'unknown',
      }),
    ).toMatchObject({ use: 'file' });
    expect(chooseSecretBackend({ platform: 'linux', encryptionAvailable: true })).toMatchObject({
      use: 'file',
    });
  });

  it('falls back to the file when encryption is not available at all', () => {
    expect(chooseSecretBackend({ platform: 'darwin', encryptionAvailable: false })).toMatchObject({
      use: 'file',
      warning: expect.stringMatching(/keychain is not available/) as unknown,
    });
  });
});
