import type { Migration } from './migration';
import { m0001Documents } from './0001-documents';
import { m0002DocumentModels } from './0002-document-models';
import { m0003DatasetQuestions } from './0003-dataset-questions';
import { m0004DocumentModelFiles } from './0004-document-model-files';
import { m0005DocumentIdentity } from './0005-document-identity';
import { m0006Jobs } from './0006-jobs';
import { m0007DocumentFacts } from './0007-document-facts';
import { m0008Llm } from './0008-llm';
import { m0009Retrieval } from './0009-retrieval';
import { m0010Asks } from './0010-asks';
import { m0011Runs } from './0011-runs';
import { m0012Sessions } from './0012-sessions';
import { m0013GoldDisputes } from './0013-gold-disputes';
import { m0014RunBatches } from './0014-run-batches';
import { m0015RunJudgements } from './0015-run-judgements';
import { m0016AskPythonMode } from './0016-ask-python-mode';
import { m0017SessionIdentity } from './0017-session-identity';
import { m0018VerdictProvenance } from './0018-verdict-provenance';
import { m0019QuestionSets } from './0019-question-sets';
import { m0020RetrievalUnitLengths } from './0020-retrieval-unit-lengths';
import { m0021FilingFactIndex } from './0021-filing-fact-index';
import { m0022FilerAndFactLabels } from './0022-filer-and-fact-labels';
import { m0023RetrievalDocuments } from './0023-retrieval-documents';
import { m0024RetrievalPostings } from './0024-retrieval-postings';

/**
 * Append only, one file per migration, numbered in order (a migration taken by someone else's
 * branch means: renumber yours to the next free number). Never edit a shipped migration, and
 * write its SQL out in it: a migration imports no live code (eslint.config.mjs says why). A new
 * one also adds rows for its tables to test/integration/db/old-workspaces.ts.
 */
export const migrations: readonly Migration[] = [
  m0001Documents,
  m0002DocumentModels,
  m0003DatasetQuestions,
  m0004DocumentModelFiles,
  m0005DocumentIdentity,
  m0006Jobs,
  m0007DocumentFacts,
  m0008Llm,
  m0009Retrieval,
  m0010Asks,
  m0011Runs,
  m0012Sessions,
  m0013GoldDisputes,
  m0014RunBatches,
  m0015RunJudgements,
  m0016AskPythonMode,
  m0017SessionIdentity,
  m0018VerdictProvenance,
  m0019QuestionSets,
  m0020RetrievalUnitLengths,
  m0021FilingFactIndex,
  m0022FilerAndFactLabels,
  m0023RetrievalDocuments,
  m0024RetrievalPostings,
];

export const latestSchemaVersion = migrations.length;
