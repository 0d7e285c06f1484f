import type { ReactNode } from 'react';
import type { ApiError } from '../../../shared/api/result';
import { ApiErrorText } from '../../components/ApiErrorText';

interface Props {
  header: ReactNode;
  error?: ApiError | undefined;
  /** What is being loaded, said while it is. */
  loading?: string | undefined;
  /** Where to go from here. */
  children?: ReactNode | undefined;
}

/** A session screen without its content yet: loading, failed, or elsewhere (finished). */
export function SessionPending({ header, error, loading, children }: Props) {
  return (
    <main className="screen">
      {header}
      {error && <ApiErrorText error={error} />}
      {loading && <p className="hint">{loading}</p>}
      {children}
    </main>
  );
}
