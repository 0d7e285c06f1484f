export {
  PythonSandbox,
  type PythonCallOptions,
  type PythonSandboxOptions,
  type PythonSandboxStats,
} from './python-sandbox';
export type { PythonErrorKind, PythonLimits, PythonResult, PythonValue } from './types';
