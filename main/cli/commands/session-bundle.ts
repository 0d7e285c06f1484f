import { resolve } from 'node:path';
import { callOrThrow } from '../call';
import { CliError, type CliCommand } from '../command';
import { sessionIdArg } from './session-args';

export const sessionExportBundleCommand: CliCommand = {
  name: 'session export-bundle',
  summary:
    "Write a finished session as a bundle signed with this workspace's expert key (answers, events, documents by hash)",
  usage: 'workbench session export-bundle ID --out FILE [--json] [--workspace DIR]',
  outFile: { minArgs: 1 },
  readOnly: true,
  async run(ctx) {
    const sessionId = sessionIdArg(ctx, 'session export-bundle');
    if (typeof ctx.values.out !== 'string') throw new CliError('--out FILE is required', 2);
    const services = await ctx.services();
    const r = await callOrThrow(services.registry, 'sessions.exportBundle', {
      sessionId,
      path: resolve(ctx.values.out),
    });
    ctx.say(
      `wrote session #${sessionId} to ${r.path} (${r.bytes} bytes, sha256 ${r.sha256}), signed with key ${r.fingerprint}`,
    );
    return r;
  },
};

export const sessionImportBundleCommand: CliCommand = {
  name: 'session import-bundle',
  summary: 'Import an expert session bundle next to the other experts on the same questions',
  usage: 'workbench session import-bundle FILE [--allow-unsigned] [--json] [--workspace DIR]',
  options: { 'allow-unsigned': { type: 'boolean' } },
  async run(ctx) {
    if (ctx.args.length !== 1)
      throw new CliError('session import-bundle needs exactly one FILE', 2);
    const services = await ctx.services();
    const r = await callOrThrow(services.registry, 'sessions.importBundle', {
      path: resolve(ctx.args[0] as string),
      ...(ctx.values['allow-unsigned'] === true ? { allowUnsigned: true } : {}),
    });
    ctx.say(
      [
        `imported as session #${r.sessionId} (dataset #${r.datasetId})`,
        r.signer.state === 'signed'
          ? `  signed by ${r.signer.name}, key ${r.signer.fingerprint ?? '?'} (compare it with the expert's)`
          : `  UNSIGNED: ${r.signer.name}'s older bundle has no signature; marked unsigned in agreement`,
        `  study: sessions ${r.study.sessionIds.map((id) => `#${id}`).join(', ')} on the same questions`,
        ...r.warnings.map((w) => `  warning: ${w}`),
      ].join('\n'),
    );
    return r;
  },
};
