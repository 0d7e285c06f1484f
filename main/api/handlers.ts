import { askHandlers } from './ask';
import { datasetsHandlers } from './datasets';
import { disputesHandlers } from './disputes';
import { documentHandlers } from './document';
import { exportHandlers } from './export';
import { factsHandlers } from './facts';
import { gapHandlers } from './gap';
import { jobsHandlers } from './jobs';
import { libraryHandlers } from './library';
import { llmHandlers } from './llm';
import { questionSetsHandlers } from './question-sets';
import { retrievalHandlers } from './retrieval';
import { runsHandlers } from './runs';
import { secretsHandlers } from './secrets';
import { sessionsHandlers } from './sessions';
import { workspaceHandlers } from './workspace';
import type { HandlerMap } from './registry';

/** One line per domain; the registry rejects overlaps and gaps. */
export const allHandlers: HandlerMap[] = [
  workspaceHandlers,
  libraryHandlers,
  factsHandlers,
  documentHandlers,
  datasetsHandlers,
  questionSetsHandlers,
  secretsHandlers,
  jobsHandlers,
  llmHandlers,
  retrievalHandlers,
  askHandlers,
  runsHandlers,
  sessionsHandlers,
  disputesHandlers,
  gapHandlers,
  exportHandlers,
];
