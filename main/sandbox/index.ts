export {
  Sandbox,
  type SandboxCallOptions,
  type SandboxOptions,
  type SandboxStats,
} from './sandbox';
export type {
  SandboxJob,
  SandboxResult,
  SandboxRunOptions,
  SandboxTable,
  TraceEntry,
} from '../../shared/sandbox/types';
