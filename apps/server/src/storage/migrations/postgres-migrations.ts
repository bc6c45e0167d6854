// PostgreSQL schema history. BYTEA values are TOASTed out of line, so one table is enough.
import type { Migration } from './migration'

export const POSTGRES_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'create roms',
    up: `
      CREATE TABLE roms (
        seq           BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        id            TEXT        NOT NULL UNIQUE,
        title         TEXT        NOT NULL,
        file_name     TEXT        NOT NULL,
        file_size     INTEGER     NOT NULL CHECK (file_size > 0),
        created_at    TIMESTAMPTZ NOT NULL,
        mapper        INTEGER     NOT NULL,
        submapper     INTEGER,
        prg_rom_banks INTEGER     NOT NULL,
        chr_rom_banks INTEGER     NOT NULL,
        mirroring     TEXT        NOT NULL CHECK (mirroring IN ('horizontal', 'vertical', 'four-screen')),
        battery       BOOLEAN     NOT NULL,
        trainer       BOOLEAN     NOT NULL,
        nes2          BOOLEAN     NOT NULL,
        sha1          TEXT        NOT NULL UNIQUE,
        file_sha256   TEXT        NOT NULL,
        bytes         BYTEA       NOT NULL CHECK (octet_length(bytes) = file_size)
      );
    `,
  },
]
