CREATE TABLE documents (
        id          INTEGER PRIMARY KEY,
        name        TEXT    NOT NULL,
        kind        TEXT    NOT NULL CHECK (kind IN ('sec-html', 'pdf', 'dataset', 'other')),
        size        INTEGER NOT NULL CHECK (size > 0),
        sha256      TEXT    NOT NULL UNIQUE CHECK (length(sha256) = 64),
        imported_at TEXT    NOT NULL
      ) STRICT;
