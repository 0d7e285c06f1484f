import { PythonSandbox } from './python-sandbox';

let shared: PythonSandbox | undefined;

/**
 * The process's Python sandbox, started on the first pot-python program: loading Pyodide takes
 * seconds, so the Ask panel and every run share one loaded worker instead of each paying it.
 * Its worker is unreferenced while idle, so it never keeps the process alive.
 */
export function sharedPythonSandbox(): PythonSandbox {
  shared ??= new PythonSandbox({ workers: 1 });
  return shared;
}
