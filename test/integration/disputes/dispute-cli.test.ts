import { afterAll, describe, expect, it } from 'vitest';
import type { MethodOutput } from '../../../shared/api/contract';
import { runSourceCli } from '../../support/cli';
import { dataPath, hasData, noDataMessage } from '../../support/data-dir';
import { tempDir } from '../../support/temp-dir';

// `workbench dispute …` as users run it, on real TAT-QA dev and the real PoT run: the --json
// shapes of raise, list, accept (with the re-grade report) and reject.

describe.skipIf(!hasData)('workbench dispute … (CLI)', () => {
  const ws = tempDir('workbench-dispute-cli-');
  afterAll(() => ws.cleanup());
  const cli = (...args: string[]) => runSourceCli([...args, '--workspace', ws.dir]);
  const json = <T>(r: { code: number | null; stdout: string; stderr: string }): T => {
    expect(r.code, r.stderr).toBe(0);
    return JSON.parse(r.stdout) as T;
  };

  it('raises, lists, accepts with a re-grade report, rejects', () => {
    const tatqa = dataPath('datasets', 'tatqa', 'tatqa_dataset_dev.json');
    const pot = dataPath('model_outputs', 'tatqa_dev', 'tatqa_s0_e-1_11_08_11_09.jsonl');
    expect(cli('import-dataset', '--format', 'tatqa', tatqa).code).toBe(0);
    const run = json<{ runId: number }>(cli('import-run', '--format', 'tatqa-pot', pot, '--json'));
    expect(run.runId).toBe(1);

    const missing = cli('dispute', 'raise', '--question', '1', '--gold', '5');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/--reason TEXT is required/);

    const raised = json<MethodOutput<'disputes.raise'>>(
      cli(
        'dispute',
        'raise',
        '--question',
        '1',
        '--gold',
        '12345.5',
        '--reason',
        'the table says so',
        '--by',
        'Ana',
        '--json',
      ),
    );
    expect(raised.dispute).toMatchObject({
      id: 1,
      questionId: 1,
      status: 'open',
      raisedBy: 'Ana',
      reason: 'the table says so',
      proposed: { answer: 12345.5 },
    });
    const spans = json<MethodOutput<'disputes.raise'>>(
      cli('dispute', 'raise', '--question', '2', '--gold', '["a", "b"]', '--reason', 'r', '--json'),
    );
    expect(spans.dispute.proposed.answer).toEqual(['a', 'b']);

    const open = json<MethodOutput<'disputes.list'>>(
      cli('dispute', 'list', '--status', 'open', '--json'),
    );
    expect(open.disputes.map((d) => d.id)).toEqual([1, 2]);

    const accepted = json<MethodOutput<'disputes.decide'>>(
      cli('dispute', 'accept', '1', '--note', 'checked', '--by', 'Lead', '--json'),
    );
    expect(accepted.dispute).toMatchObject({ status: 'accepted', decisionNote: 'checked' });
    expect(accepted.regrade).toMatchObject({
      questionId: 1,
      version: 1,
      sessionsTouched: 0,
      sessions: [],
    });
    expect(accepted.regrade!.runsTouched).toBe(accepted.regrade!.runs.length);
    for (const r of accepted.regrade!.runs)
      expect(Object.keys(r).sort()).toEqual(['flipped', 'runId', 'verdicts']);
    expect(typeof accepted.regrade!.verdictsFlipped).toBe('number');

    const rejected = json<MethodOutput<'disputes.decide'>>(cli('dispute', 'reject', '2', '--json'));
    expect(rejected).toMatchObject({ dispute: { status: 'rejected' }, regrade: null });
    const twice = cli('dispute', 'reject', '2');
    expect(twice.code).toBe(1);
    expect(twice.stderr).toMatch(/already rejected/);

    const left = json<MethodOutput<'disputes.list'>>(
      cli('dispute', 'list', '--status', 'open', '--json'),
    );
    expect(left.disputes).toEqual([]);
  });
});

if (!hasData) describe('workbench dispute', () => it.skip(noDataMessage, () => undefined));
