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
  {
    version: 2,
    name: 'library revision',
    // See the SQLite migration 2. The trigger runs per statement inside the writer's transaction, so
    // the counter can only move forward once a change is visible.
    up: `
      CREATE TABLE library_meta (
        id         INTEGER PRIMARY KEY CHECK (id = 1),
        library_id TEXT    NOT NULL,
        revision   BIGINT  NOT NULL
      );
      INSERT INTO library_meta (id, library_id, revision)
        VALUES (1, substr(md5(random()::text || clock_timestamp()::text), 1, 16), 0);
      CREATE FUNCTION bump_library_revision() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE library_meta SET revision = revision + 1 WHERE id = 1;
        RETURN NULL;
      END
      $$;
      CREATE TRIGGER roms_revision AFTER INSERT OR DELETE ON roms
        FOR EACH STATEMENT EXECUTE FUNCTION bump_library_revision();
    `,
  },
  {
    version: 3,
    name: 'battery saves and save states',
    // See the SQLite migration 3. The sizes are checked against the bytes, so a row can never hold
    // part of an upload.
    up: `
      CREATE TABLE battery_saves (
        rom_id     TEXT        PRIMARY KEY REFERENCES roms (id) ON DELETE CASCADE,
        size       INTEGER     NOT NULL CHECK (size > 0),
        updated_at TIMESTAMPTZ NOT NULL,
        bytes      BYTEA       NOT NULL CHECK (octet_length(bytes) = size)
      );
      CREATE TABLE save_states (
        seq            BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        id             TEXT        NOT NULL UNIQUE,
        rom_id         TEXT        NOT NULL REFERENCES roms (id) ON DELETE CASCADE,
        kind           TEXT        NOT NULL CHECK (kind IN ('manual', 'auto', 'resume')),
        slot           TEXT        CHECK (kind <> 'resume' OR slot IS NULL),
        created_at     TIMESTAMPTZ NOT NULL,
        size           INTEGER     NOT NULL CHECK (size > 0),
        thumbnail_size INTEGER     CHECK (thumbnail_size > 0),
        core           TEXT        NOT NULL,
        core_version   TEXT        NOT NULL,
        rom_sha1       TEXT        NOT NULL,
        bytes          BYTEA       NOT NULL CHECK (octet_length(bytes) = size),
        thumbnail      BYTEA       CHECK (octet_length(thumbnail) = thumbnail_size),
        CHECK ((thumbnail IS NULL) = (thumbnail_size IS NULL))
      );
      CREATE INDEX save_states_rom ON save_states (rom_id, seq);
      CREATE UNIQUE INDEX save_states_slot ON save_states (rom_id, slot) WHERE slot IS NOT NULL;
      CREATE UNIQUE INDEX save_states_resume ON save_states (rom_id) WHERE kind = 'resume';
    `,
  },
  {
    version: 4,
    name: 'soft delete',
    // See the SQLite migration 4. Per row, unlike migration 2's trigger, so a delete or undo that
    // matched nothing (already deleted, window over) leaves the revision alone.
    up: `
      ALTER TABLE roms ADD COLUMN deleted_at TIMESTAMPTZ;
      CREATE INDEX roms_deleted ON roms (deleted_at) WHERE deleted_at IS NOT NULL;
      CREATE TRIGGER roms_revision_hide AFTER UPDATE OF deleted_at ON roms
        FOR EACH ROW EXECUTE FUNCTION bump_library_revision();
    `,
  },
  {
    version: 5,
    name: 'list changes, counts and sort indexes',
    // See the SQLite migration 5. Per-row AFTER triggers (an ON CONFLICT DO NOTHING insert fires
    // none): the UPDATE of library_meta locks its row until commit, so revisions commit in order and
    // a row's list_rev is never older than a revision a reader saw without the row's change.
    up: `
      ALTER TABLE roms ADD COLUMN list_rev BIGINT NOT NULL DEFAULT 0;
      ALTER TABLE library_meta ADD COLUMN purged_rev BIGINT NOT NULL DEFAULT 0;
      ALTER TABLE library_meta ADD COLUMN visible_count BIGINT NOT NULL DEFAULT 0;
      UPDATE library_meta SET visible_count = (SELECT count(*) FROM roms WHERE deleted_at IS NULL);
      CREATE INDEX roms_list_rev ON roms (list_rev);
      CREATE INDEX roms_visible_title ON roms (lower(title), seq DESC) WHERE deleted_at IS NULL;
      CREATE INDEX roms_visible_size ON roms (file_size, seq DESC) WHERE deleted_at IS NULL;
      CREATE INDEX roms_visible_mapper ON roms (mapper, seq DESC) WHERE deleted_at IS NULL;
      CREATE INDEX roms_visible_seq ON roms (seq DESC) WHERE deleted_at IS NULL;
      DROP TRIGGER roms_revision ON roms;
      DROP TRIGGER roms_revision_hide ON roms;
      DROP FUNCTION bump_library_revision();
      CREATE FUNCTION stamp_list_change() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        shown INTEGER := (NEW.deleted_at IS NULL)::int;
        r BIGINT;
      BEGIN
        IF TG_OP = 'UPDATE' THEN
          shown := shown - (OLD.deleted_at IS NULL)::int;
        END IF;
        UPDATE library_meta SET revision = revision + 1, visible_count = visible_count + shown
          WHERE id = 1 RETURNING revision INTO r;
        UPDATE roms SET list_rev = r WHERE seq = NEW.seq;
        RETURN NULL;
      END
      $$;
      CREATE FUNCTION note_list_delete() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE library_meta SET revision = revision + 1,
          visible_count = visible_count - (OLD.deleted_at IS NULL)::int,
          purged_rev = CASE WHEN OLD.deleted_at IS NULL THEN revision + 1
                            ELSE greatest(purged_rev, OLD.list_rev) END
          WHERE id = 1;
        RETURN NULL;
      END
      $$;
      CREATE TRIGGER roms_list_change AFTER INSERT OR UPDATE OF deleted_at ON roms
        FOR EACH ROW EXECUTE FUNCTION stamp_list_change();
      CREATE TRIGGER roms_list_delete AFTER DELETE ON roms
        FOR EACH ROW EXECUTE FUNCTION note_list_delete();
    `,
  },
  {
    version: 6,
    name: 'descending sort indexes',
    // See the SQLite migration 6.
    up: `
      CREATE INDEX roms_visible_title_desc ON roms (lower(title) DESC, seq DESC)
        WHERE deleted_at IS NULL;
      CREATE INDEX roms_visible_size_desc ON roms (file_size DESC, seq DESC) WHERE deleted_at IS NULL;
      CREATE INDEX roms_visible_mapper_desc ON roms (mapper DESC, seq DESC) WHERE deleted_at IS NULL;
    `,
  },
  {
    version: 7,
    name: 'cartridge identity',
    // See the SQLite migration 7. stamp_list_change (migration 5) leaves the visible count alone when
    // deleted_at does not change.
    up: `
      ALTER TABLE roms
        ADD COLUMN crc32 TEXT,
        ADD COLUMN file_sha1 TEXT,
        ADD COLUMN file_crc32 TEXT,
        ADD COLUMN cartridge TEXT,
        ADD COLUMN cartridge_db TEXT,
        ADD COLUMN cart_mapper INTEGER,
        ADD COLUMN cart_region TEXT,
        ADD COLUMN use_corrected_header BOOLEAN NOT NULL DEFAULT true;
      CREATE TRIGGER roms_list_update
        AFTER UPDATE OF crc32, cartridge, cart_region, cart_mapper, use_corrected_header ON roms
        FOR EACH ROW EXECUTE FUNCTION stamp_list_change();
    `,
  },
  {
    version: 8,
    name: 'dats and titles',
    // See the SQLite migration 10.
    up: `
      CREATE TABLE dats (
        seq         BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        id          TEXT        NOT NULL UNIQUE,
        name        TEXT        NOT NULL,
        description TEXT,
        version     TEXT,
        format      TEXT        NOT NULL CHECK (format IN ('logiqx', 'clrmamepro')),
        imported_at TIMESTAMPTZ NOT NULL,
        game_count  INTEGER     NOT NULL,
        rom_count   INTEGER     NOT NULL,
        ready       BOOLEAN     NOT NULL DEFAULT false
      );
      CREATE TABLE dat_roms (
        dat_seq   BIGINT  NOT NULL REFERENCES dats (seq) ON DELETE CASCADE,
        game_name TEXT    NOT NULL,
        region    TEXT,
        revision  TEXT,
        size      BIGINT,
        crc32     TEXT,
        sha1      TEXT,
        CHECK (crc32 IS NOT NULL OR sha1 IS NOT NULL)
      );
      CREATE INDEX dat_roms_dat ON dat_roms (dat_seq);
      CREATE INDEX dat_roms_sha1 ON dat_roms (sha1) WHERE sha1 IS NOT NULL;
      CREATE INDEX dat_roms_crc32 ON dat_roms (crc32) WHERE crc32 IS NOT NULL;
      ALTER TABLE roms
        ADD COLUMN dat_id TEXT REFERENCES dats (id) ON DELETE SET NULL,
        ADD COLUMN dat_name TEXT,
        ADD COLUMN dat_region TEXT,
        ADD COLUMN dat_revision TEXT,
        ADD COLUMN title_source TEXT NOT NULL DEFAULT 'user'
          CHECK (title_source IN ('file', 'user', 'dat'));
      UPDATE roms SET title_source = 'file' WHERE title = left(file_name, -4);
      CREATE INDEX roms_dat ON roms (dat_id) WHERE dat_id IS NOT NULL;
      DROP TRIGGER roms_list_update ON roms;
      CREATE TRIGGER roms_list_update
        AFTER UPDATE OF title, title_source, dat_name, dat_region, dat_revision, crc32, cartridge,
          cart_region, cart_mapper, use_corrected_header ON roms
        FOR EACH ROW EXECUTE FUNCTION stamp_list_change();
    `,
  },
  {
    version: 9,
    name: 'recently played',
    // See the SQLite migration 9.
    up: `
      ALTER TABLE roms ADD COLUMN last_played_at TIMESTAMPTZ;
      CREATE INDEX roms_visible_played_asc
        ON roms ((last_played_at IS NULL), last_played_at ASC, seq DESC) WHERE deleted_at IS NULL;
      CREATE INDEX roms_visible_played_desc
        ON roms ((last_played_at IS NULL), last_played_at DESC, seq DESC) WHERE deleted_at IS NULL;
      DROP TRIGGER roms_list_update ON roms;
      CREATE TRIGGER roms_list_update
        AFTER UPDATE OF title, title_source, dat_name, dat_region, dat_revision, crc32, cartridge,
          cart_region, cart_mapper, use_corrected_header, last_played_at ON roms
        FOR EACH ROW EXECUTE FUNCTION stamp_list_change();
    `,
  },
  {
    version: 10,
    name: 'unlock sessions',
    // See the SQLite migration 10.
    up: `
      CREATE TABLE unlock_sessions (
        id_hash    TEXT        PRIMARY KEY,
        token_tag  TEXT        NOT NULL,
        created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
        expires_at TIMESTAMPTZ NOT NULL
      );
      CREATE INDEX unlock_sessions_expires ON unlock_sessions (expires_at);
    `,
  },
  {
    version: 11,
    name: 'covers',
    // See the SQLite migration 11.
    up: `
      CREATE TABLE covers (
        rom_id     TEXT        PRIMARY KEY REFERENCES roms (id) ON DELETE CASCADE,
        type       TEXT        NOT NULL CHECK (type IN ('image/png', 'image/webp')),
        version    TEXT        NOT NULL,
        size       INTEGER     NOT NULL CHECK (size > 0),
        updated_at TIMESTAMPTZ NOT NULL,
        bytes      BYTEA       NOT NULL CHECK (octet_length(bytes) = size)
      );
      ALTER TABLE roms ADD COLUMN cover_version TEXT;
      DROP TRIGGER roms_list_update ON roms;
      CREATE TRIGGER roms_list_update
        AFTER UPDATE OF title, title_source, dat_name, dat_region, dat_revision, crc32, cartridge,
          cart_region, cart_mapper, use_corrected_header, last_played_at, cover_version ON roms
        FOR EACH ROW EXECUTE FUNCTION stamp_list_change();
    `,
  },
]
