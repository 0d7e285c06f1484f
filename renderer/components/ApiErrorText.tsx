import type { ApiError } from '../../shared/api/result';
import { errorHeadline, errorHint } from './error-text';
import './api-error.css';

/** A failure as one headline for its code, main's own message, and what to do (as text). */
export function ApiErrorText({ error }: { error: ApiError }) {
  const hint = errorHint(error);
  return (
    <div className={error.code === 'cancelled' ? 'api-error cancelled' : 'api-error'} role="alert">
      <strong>{errorHeadline(error)}</strong> <code className="error-code">{error.code}</code>
      <p>{error.message}</p>
      {hint && <p className="hint">{hint}</p>}
    </div>
  );
}
