import type { ProviderView } from '../../../shared/llm/provider';
import { resolve } from 'node:path';
import { presetLabels } from '../../../shared/llm/provider';
import { describeModel, embeddedInfo } from '../../llm/embedded/embedded-provider';
import { callOrThrow } from '../call';
import { wholeNumber } from '../flags';
import { CliError, type CliCommand } from '../command';

const text = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

function providerLine(p: ProviderView): string {
  const key = p.apiKeyName ? `key '${p.apiKeyName}'${p.hasKey ? '' : ' (NOT STORED)'}` : 'no key';
  const model = p.defaultModel ? `, model ${p.defaultModel}` : '';
  return `  #${p.id}  ${p.name}  ${presetLabels[p.preset]}  ${p.baseUrl}  ${key}${model}`;
}

/**
 * `workbench models`: the configured providers; `--detect` finds local servers, `--test ID`
 * checks one provider, `--base-url URL` lists an endpoint's models. Failures of --test are
 * reported (exit 1) with the same sentence the Models screen shows.
 */
// Not through the contract: --model-file loads a model file and --base-url lists an endpoint that is not a saved provider; no method takes either.
export const modelsCommand: CliCommand = {
  name: 'models',
  summary: 'List model providers; find local servers (--detect); test one (--test ID)',
  usage:
    'workbench models [--detect | --test ID | --base-url URL [--api-key-name NAME] | --model-file FILE.gguf] [--workspace DIR] [--json]',
  readOnly: true,
  options: {
    detect: { type: 'boolean' },
    test: { type: 'string' },
    'base-url': { type: 'string' },
    'api-key-name': { type: 'string' },
    'model-file': { type: 'string' },
  },
  async run(ctx) {
    const services = await ctx.services();
    const { registry, llm } = services;

    if (ctx.values.detect === true) {
      const { servers } = await callOrThrow(registry, 'llm.autodetect', {});
      ctx.say(
        servers.length === 0
          ? 'no local model server answered (Ollama :11434, LM Studio :1234, llama.cpp :8080, vLLM :8000)'
          : servers
              .map(
                (s) =>
                  `${presetLabels[s.preset]}  ${s.baseUrl}  ${s.models.length} model${s.models.length === 1 ? '' : 's'}${s.models.length ? `: ${s.models.slice(0, 8).join(', ')}` : ''}`,
              )
              .join('\n'),
      );
      return { servers };
    }

    const testId = text(ctx.values.test);
    if (testId !== undefined) {
      const id = wholeNumber(testId, '--test');
      const result = await callOrThrow(registry, 'llm.test', {
        providerId: id,
      });
      if (!result.ok) throw new CliError(`${result.message} [${result.code}]`, 1, result);
      ctx.say(
        `ok  ${result.message} (${Math.round(result.latencyMs)} ms)\n${result.models.map((m) => `  ${m}`).join('\n')}`,
      );
      return result;
    }

    // An embedded model: the file is loaded (in its own process) to read and check it.
    const modelFile = text(ctx.values['model-file']);
    if (modelFile !== undefined) {
      const info = await embeddedInfo(resolve(modelFile));
      ctx.say(`${describeModel(info)}\nloaded in ${Math.round(info.loadMs)} ms`);
      return info;
    }

    const baseUrl = text(ctx.values['base-url']);
    if (baseUrl !== undefined) {
      const models = await llm.connections.models({
        baseUrl,
        apiKeyName: text(ctx.values['api-key-name']) ?? null,
        maxRetries: 0,
        timeoutMs: 10_000,
      });
      ctx.say(models.length ? models.join('\n') : `${baseUrl} lists no models`);
      return { baseUrl, models };
    }

    const { providers, settings } = await callOrThrow(registry, 'llm.providers', {});
    ctx.say(
      [
        `Offline mode: ${settings.offline ? 'on (only loopback endpoints)' : 'off'}`,
        providers.length
          ? `Providers:\n${providers.map(providerLine).join('\n')}`
          : 'No providers yet: add one on the Models screen, or find local servers with --detect',
        settings.prices.length
          ? `Prices (USD per million tokens, in/out):\n${settings.prices.map((p) => `  ${p.model}  ${p.inputPerMTok} / ${p.outputPerMTok}`).join('\n')}`
          : '',
      ]
        .filter(Boolean)
        .join('\n'),
    );
    return { providers, settings };
  },
};
