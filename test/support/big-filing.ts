import { createWriteStream, readFileSync } from 'node:fs';
import { once } from 'node:events';

/**
 * Writes a filing of about `megabytes` MB: `source`'s body repeated, so every part is real
 * filing HTML with real tables. Returns how many copies of the body it wrote.
 */
export async function writeRepeatedFiling(
  source: string,
  path: string,
  megabytes: number,
): Promise<number> {
  const src = readFileSync(source, 'utf8');
  const start = src.indexOf('>', src.indexOf('<body')) + 1;
  const body = src.slice(start, src.lastIndexOf('</body>'));
  const copies = Math.max(1, Math.ceil((megabytes * 1e6) / Buffer.byteLength(body)));
  const out = createWriteStream(path);
  out.write(src.slice(0, start));
  for (let i = 0; i < copies; i++) if (!out.write(body)) await once(out, 'drain');
  out.end('</body></html>');
  await once(out, 'finish');
  return copies;
}
