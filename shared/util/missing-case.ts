/** Compile-time exhaustiveness for switches over unions; throws if reached at run time. */
export function missingCase(value: never): never {
  throw new Error(`Unhandled case: ${JSON.stringify(value)}`);
}
