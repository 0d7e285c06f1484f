import type { Database } from 'better-sqlite3';

/**
 * Builds a repository once per connection, so its prepared statements are reused across calls
 * instead of being prepared again on every API request.
 */
export function perConnection<T>(build: (db: Database) => T): (db: Database) => T {
  const cache = new WeakMap<Database, T>();
  return (db) => {
    let repo = cache.get(db);
    if (repo === undefined) {
      repo = build(db);
      cache.set(db, repo);
    }
    return repo;
  };
}
