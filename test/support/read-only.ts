import { execFileSync } from 'node:child_process';
import { chmodSync } from 'node:fs';

/**
 * Makes a folder unwritable for this process. chmod does not stop root (CI runs as root), so
 * root uses the immutable attribute. Returns the undo, or undefined when neither works here.
 */
export function makeReadOnly(dir: string): (() => void) | undefined {
  if (process.getuid?.() !== 0) {
    chmodSync(dir, 0o555);
    return () => chmodSync(dir, 0o755);
  }
  try {
    execFileSync('chattr', ['+i', dir], { stdio: 'ignore' });
    return () => execFileSync('chattr', ['-i', dir], { stdio: 'ignore' });
  } catch {
    return undefined;
  }
}
