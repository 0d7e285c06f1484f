import { WorkbenchError } from '../../shared/api/result';
import type { TranscriptHeader, TranscriptLine } from '../../shared/runs/transcript';

/*
 * Submission files of the benchmarks, written as a stream (an array or object opened, one entry
 * per item, closed) so a big run is never held whole.
 */

/** DocMath-Eval's CodaLab / leaderboard file: `[{question_id, output}]`, output the raw text. */
export async function* codalabPieces(
  header: TranscriptHeader,
  lines: AsyncIterable<TranscriptLine>,
): AsyncGenerator<string> {
  if (header.datasetFormat !== 'docmath')
    throw new WorkbenchError(
      'invalid-input',
      `codalab is DocMath-Eval's submission format; ${header.kind} #${header.id} is on a ${header.datasetFormat} dataset (${header.datasetName})`,
    );
  let first = true;
  yield '[';
  for await (const l of lines) {
    // An expert's draft that was never submitted is no answer: the leaderboard must not grade it.
    const output = l.human && !l.human.submitted ? '' : (l.output ?? '');
    yield `${first ? '\n' : ',\n'}${JSON.stringify({ question_id: l.externalId, output })}`;
    first = false;
  }
  yield first ? ']\n' : '\n]\n';
}

/**
 * A TAT-QA prediction's answer: a number, a string, or a list (of spans, or of numbers as a
 * PoT program's `ans` held them). Kept exactly as graded: turning [19812, 5912] into strings
 * would change how the evaluator (and our parity scorer) reads it.
 */
export type TatqaAnswer = number | string | (string | number)[];

/** What the official evaluator reads for one uid: the answer and its scale (`''` for none). */
export function tatqaPrediction(l: TranscriptLine): [TatqaAnswer, string] {
  const a = l.answer;
  const answer: TatqaAnswer =
    typeof a === 'number' || typeof a === 'string'
      ? a
      : Array.isArray(a)
        ? a.map((x: unknown) =>
            typeof x === 'string' || typeof x === 'number' ? x : JSON.stringify(x),
          )
        : a === null || a === undefined
          ? ''
          : JSON.stringify(a);
  return [answer, l.answerScale ?? ''];
}

/** TAT-QA's prediction file: `{uid: [answer, scale]}` (tatqa_eval.py reads it with json.load). */
export async function* tatqaPieces(
  header: TranscriptHeader,
  lines: AsyncIterable<TranscriptLine>,
): AsyncGenerator<string> {
  if (header.datasetFormat !== 'tatqa' && header.datasetFormat !== 'tathqa')
    throw new WorkbenchError(
      'invalid-input',
      `tatqa is TAT-QA's prediction format; ${header.kind} #${header.id} is on a ${header.datasetFormat} dataset (${header.datasetName})`,
    );
  let first = true;
  yield '{';
  for await (const l of lines) {
    yield `${first ? '\n' : ',\n'}${JSON.stringify(l.externalId)}: ${JSON.stringify(tatqaPrediction(l))}`;
    first = false;
  }
  yield first ? '}\n' : '\n}\n';
}
