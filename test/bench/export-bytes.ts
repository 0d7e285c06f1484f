// What the Export menu costs: `export.bytes` (the whole export built in memory and answered as
// bytes, as the run report and session results download it) against the CLI's file export
// (`workbench export`, streamed to a part file and renamed), for the imported TAT-QA PoT run
// (1,667 items) in every format that fits it. Median of three calls through the registry.
//
//   node --import tsx test/bench/export-bytes.ts
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { MethodOutput } from '../../shared/api/contract';
import { exportTranscripts } from '../../main/export/export-transcripts';
import { dataPath, hasData, noDataMessage } from '../support/data-dir';
import { tempServices } from '../support/services';

async function main(): Promise<void> {
  if (!hasData) {
    console.log(noDataMessage);
    return;
  }
  const ctx = await tempServices();
  const s = ctx.services;
  const out = mkdtempSync(join(tmpdir(), 'workbench-bench-export-'));
  try {
    await s.datasets.importFile('tatqa', dataPath('datasets', 'tatqa', 'tatqa_dataset_dev.json'));
    const { runId } = await s.runs.importFile({
      format: 'tatqa-pot',
      path: dataPath('model_outputs', 'tatqa_dev', 'tatqa_s0_e-1_11_08_11_09.jsonl'),
    });
    const deps = {
      db: s.workspace.db,
      runs: s.runs,
      sessions: s.sessions,
      datasets: s.datasets,
      documents: s.documents,
    };
    console.log('| format | items | size | export.bytes (median of 3) | file export |');
    console.log('|---|---|---|---|---|');
    for (const format of ['jsonl', 'csv', 'tatqa', 'html'] as const) {
      const times: number[] = [];
      let bytes = 0;
      let items = 0;
      for (let i = 0; i < 3; i++) {
        const t = performance.now();
        const r = await s.registry.call('export.bytes', {
          target: { kind: 'run', id: runId },
          format,
        });
        times.push(performance.now() - t);
        if (!r.ok) throw new Error(r.error.message);
        const v = r.value as MethodOutput<'export.bytes'>;
        bytes = v.bytes.byteLength;
        items = v.items;
      }
      const t = performance.now();
      await exportTranscripts(
        deps,
        { kind: 'run', id: runId },
        { format, out: join(out, `run.${format}`) },
      );
      const file = performance.now() - t;
      times.sort((a, b) => a - b);
      console.log(
        `| ${format} | ${items} | ${(bytes / 1e6).toFixed(2)} MB | ${times[1]!.toFixed(0)} ms | ${file.toFixed(0)} ms |`,
      );
    }
  } finally {
    rmSync(out, { recursive: true, force: true });
    ctx.cleanup();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
