import { rendererDir } from '../../app-paths';
import { startWebServer } from '../../server/web-server';
import { CliError, type CliCommand } from '../command';

export const serveCommand: CliCommand = {
  name: 'serve',
  summary: 'Web mode: serve the app on 127.0.0.1 with a random token (npm run web)',
  usage: 'workbench serve [--port N] [--workspace DIR] [--json]',
  options: { port: { type: 'string' } },
  // Ctrl-C stops the server (and closing the workspace marks its running jobs interrupted).
  handlesCtrlC: true,
  async run(ctx) {
    const port = ctx.values.port === undefined ? 0 : Number(ctx.values.port);
    if (!Number.isInteger(port) || port < 0 || port > 65535)
      throw new CliError(`--port must be 0-65535, got ${String(ctx.values.port)}`, 2);
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
