import { resolve } from 'node:path';
import { EmbeddedModel, type EmbeddedModelOptions } from './embedded-model';

/**
 * The loaded embedded models of this process, one per file: every workspace, ask and run using
 * a file shares its process, so a model is in memory once and answers one request at a time.
 */
const models = new Map<string, EmbeddedModel>();
let exitHooked = false;

export function embeddedModel(path: string, options: EmbeddedModelOptions = {}): EmbeddedModel {
  // A process that exits (the CLI after its command, Ctrl-C, the app quitting) takes its model
  // processes with it, whatever they are doing.
  if (models.size === 0 && !exitHooked) {
    exitHooked = true;
    process.once('exit', closeEmbeddedModels);
  }
  const key = resolve(path);
  let model = models.get(key);
  if (!model) {
    model = new EmbeddedModel(key, options);
    models.set(key, model);
  }
  return model;
}

/** Ends every model process (the app quits; tests clean up). */
export function closeEmbeddedModels(): void {
  for (const m of models.values()) m.close();
  models.clear();
}
