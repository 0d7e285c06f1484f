import { callOrThrow } from '../call';
import type { CliCommand } from '../command';

export const workspaceInfoCommand: CliCommand = {
  name: 'workspace info',
  summary: 'Show where the workspace is and what it holds',
  usage: 'workbench workspace info [--workspace DIR] [--json]',
  readOnly: true,
  async run(ctx) {
    const { registry } = await ctx.services();
    const info = await callOrThrow(registry, 'workspace.info', {});
    const { documents } = await callOrThrow(registry, 'library.list', {});
    ctx.say(
      [
        `Workspace:  ${info.dir}`,
        `Database:   ${info.dbPath} (schema ${info.schemaVersion})`,
        `Documents:  ${info.documentCount} (${info.storedBytes} bytes stored)`,
        ...documents.map(
          (d) =>
            `  #${d.id}  ${d.kind.padEnd(8)}  ${d.name}  ${d.size} B  ${d.sha256.slice(0, 12)}`,
        ),
      ].join('\n'),
    );
    return { ...info, documents };
  },
};
