import { rendererDir } from '../../app-paths';
import { startWebServer } from '../../server/web-server';
import { CliError, type CliCommand } from '../command';
import { optionalWholeNumber } from '../flags';

// Not through the contract: serve is a transport itself: it starts the web server over the services.
export const serveCommand: CliCommand = {
  name: 'serve',
  summary: 'Web mode: serve the app on 127.0.0.1 with a random token (npm run web)',
  usage: 'workbench serve [--port N] [--workspace DIR] [--json]',
  options: { port: { type: 'string' } },
  // Ctrl-C stops the server (and closing the workspace marks its running jobs interrupted).
  handlesCtrlC: true,
  async run(ctx) {
    const port = optionalWholeNumber(ctx.values.port, '--port', { min: 0, max: 65535 }) ?? 0;
    const services = await ctx.services('web');
    const info = await services.registry.call('workspace.info', {});
    const maxImportBytes = info.ok
      ? (info.value as { maxImportBytes: number }).maxImportBytes
      : 512 * 1024 * 1024;
    let server;
    try {
      server = await startWebServer({
        services,
        rendererDir: rendererDir(),
        port,
        maxBodyBytes: maxImportBytes + 1024 * 1024,
      });
    } catch (e) {
      throw new CliError(`cannot listen on 127.0.0.1:${port}: ${(e as Error).message}`);
    }
    ctx.progress(`Workspace: ${services.workspace.dir}`);
    ctx.say(`Filing Workbench is serving on ${server.url}`);
    ctx.progress('Open that URL in a browser on this machine. Press Ctrl+C to stop.');
    if (ctx.json)
      process.stdout.write(`${JSON.stringify({ url: server.url, port: server.port })}\n`);
    await new Promise<void>((resolve) => {
      process.once('SIGINT', resolve);
      process.once('SIGTERM', resolve);
    });
    await server.close();
    return undefined;
  },
};
