// Child process for housekeeping.test.ts: another process opening the workspace the way every
// writing command does (web mode, the desktop app, `workbench import`), then closing it.
import { startServices } from '../../../main/services';

const [dir = ''] = process.argv.slice(2);
void startServices({ workspaceDir: dir, host: { kind: 'cli' } }).then((services) => {
  services.close();
  process.stdout.write('opened\n');
});
