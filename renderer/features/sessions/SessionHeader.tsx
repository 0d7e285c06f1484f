import type { ReactNode } from 'react';

interface Props {
  title: string;
  /** Who and on what, once the session is loaded. */
  session?: { expert: string; datasetName: string } | undefined;
  className?: string | undefined;
  /** Controls on the right (clock, finish, export). */
  children?: ReactNode | undefined;
}

/** The session screens' header: back to the list, the title with expert and dataset. */
export function SessionHeader({ title, session, className = 'screen-header', children }: Props) {
  return (
    <header className={className}>
      <div>
        <a href="#/sessions" className="back">
          ← Sessions
        </a>
        <h1>
          {title}
          {session && (
            <span className="hint">
              {' '}
              {session.expert} · {session.datasetName}
            </span>
          )}
        </h1>
      </div>
      {children}
    </header>
  );
}
