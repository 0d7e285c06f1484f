import type { CliCommand } from '../command';
import { askCommand } from './ask';
import { disputeCommands } from './dispute';
import { doctorCommand } from './doctor';
import { evalCommand } from './eval';
import { execCommand } from './exec';
import { exportCommand } from './export';
import { gapCommand } from './gap';
import { gradeCommand } from './grade';
import { importCommand } from './import';
import { importDatasetCommand } from './import-dataset';
import { importRunCommand } from './import-run';
import { judgeCommand } from './judge';
import { ingestCommand } from './ingest';
import { modelsCommand } from './models';
import { questionSetCommands } from './question-set';
import { questionsCommand } from './questions';
import { regradeCommand } from './regrade';
import { reportCommand } from './report';
import { retrieveCommand } from './retrieve';
import { runsCommand } from './runs';
import { serveCommand } from './serve';
import { sessionCreateCommand } from './session-create';
import { sessionListCommand } from './session-list';
import { sessionExportBundleCommand, sessionImportBundleCommand } from './session-bundle';
import {
  sessionAgreementCommand,
  sessionFinishCommand,
  sessionResultsCommand,
} from './session-results';
import { workspaceInfoCommand } from './workspace-info';

/** Every CLI command, in the order `--help` lists them. Add new commands here. */
export const commands: CliCommand[] = [
  workspaceInfoCommand,
  importCommand,
  importDatasetCommand,
  ingestCommand,
  serveCommand,
  gradeCommand,
  execCommand,
  modelsCommand,
  retrieveCommand,
  askCommand,
  evalCommand,
  importRunCommand,
  runsCommand,
  reportCommand,
  regradeCommand,
  judgeCommand,
  exportCommand,
  doctorCommand,
  questionsCommand,
  ...questionSetCommands,
  sessionCreateCommand,
  sessionListCommand,
  sessionFinishCommand,
  sessionResultsCommand,
  sessionAgreementCommand,
  sessionExportBundleCommand,
  sessionImportBundleCommand,
  gapCommand,
  ...disputeCommands,
];
