// Statistics for grading: proportion intervals, bootstrap, paired tests, sample sizes.
// Pure TypeScript (no Node built-ins), deterministic for a given seed.

export { wilson } from './wilson';
export { clopperPearson } from './clopper-pearson';
export { normalCdf, normalQuantile, zForConfidence, erfc } from './normal';
export {
  lnGamma,
  lnBeta,
  regularizedGammaP,
  regularizedGammaQ,
  regularizedBeta,
  inverseRegularizedBeta,
} from './special';
export { binomialCdf } from './binomial';
export { mcnemarExact, mcnemarFromPairs, type McNemarResult } from './mcnemar';
export { mulberry32, randomInt, type Rng } from './rng';
export { mean, quantileSorted } from './descriptive';
export { indexSampler, type IndexSampler } from './resample';
export {
  bootstrap,
  DEFAULT_BOOTSTRAP_ITERATIONS,
  DEFAULT_BOOTSTRAP_SEED,
  type BootstrapOptions,
  type BootstrapResult,
} from './bootstrap';
export {
  pairedBootstrap,
  type PairedBootstrapOptions,
  type PairedBootstrapResult,
} from './paired-bootstrap';
export { minSampleSize, type SampleSizeOptions } from './sample-size';
