// Child process for concurrent-writers.test.ts: prints "ready", waits for a line on stdin,
// then writes `count` secrets named `<prefix><i>` all at once and prints how many were acknowledged.
import { fileSecretStore } from '../../../main/secrets/secret-store';

const [dir = '', prefix = 'p', count = '10'] = process.argv.slice(2);
const store = fileSecretStore(dir);
process.stdout.write('ready\n');
process.stdin.once('data', () => {
  void Promise.all(
    Array.from({ length: Number(count) }, (_, i) =>
      store.set(`${prefix}${i}`, `value-${prefix}${i}`),
    ),
  ).then((done) => {
    process.stdout.write(`${done.length}\n`);
    process.exit(0);
  });
});
