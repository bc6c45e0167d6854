// SQLite schema history. Bytes live in their own table so listing never reads BLOB pages.
import type { Migration } from './migration'

export const SQLITE_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'create roms',
    up: `
      CREATE TABLE roms (
        seq           INTEGER PRIMARY KEY AUTOINCREMENT,
        id            TEXT    NOT NULL UNIQUE,
        title         TEXT    NOT NULL,
        file_name     TEXT    NOT NULL,
        file_size     INTEGER NOT NULL CHECK (file_size > 0),
        created_at    TEXT    NOT NULL,
        mapper        INTEGER NOT NULL,
        submapper     INTEGER,
        prg_rom_banks INTEGER NOT NULL,
        chr_rom_banks INTEGER NOT NULL,
        mirroring     TEXT    NOT NULL CHECK (mirroring IN ('horizontal', 'vertical', 'four-screen')),
        battery       INTEGER NOT NULL CHECK (battery IN (0, 1)),
        trainer       INTEGER NOT NULL CHECK (trainer IN (0, 1)),
        nes2          INTEGER NOT NULL CHECK (nes2 IN (0, 1)),
        sha1          TEXT    NOT NULL UNIQUE,
        file_sha256   TEXT    NOT NULL
      );
      CREATE TABLE rom_bytes (
        rom_seq INTEGER PRIMARY KEY REFERENCES roms (seq) ON DELETE CASCADE,
        bytes   BLOB    NOT NULL CHECK (length(bytes) > 0)
      );
    `,
  },
  {
    version: 2,
    name: 'library revision',
    // A counter bumped in the same transaction as every insert and delete, plus a random id for this
    // database, so "<id>.<counter>" names one state of the library (the list's ETag) across restarts.
    up: `
      CREATE TABLE library_meta (
        id         INTEGER PRIMARY KEY CHECK (id = 1),
        library_id TEXT    NOT NULL,
        revision   INTEGER NOT NULL
      );
      INSERT INTO library_meta (id, library_id, revision) VALUES (1, lower(hex(randomblob(8))), 0);
      CREATE TRIGGER roms_revision_insert AFTER INSERT ON roms
        BEGIN UPDATE library_meta SET revision = revision + 1 WHERE id = 1; END;
      CREATE TRIGGER roms_revision_delete AFTER DELETE ON roms
        BEGIN UPDATE library_meta SET revision = revision + 1 WHERE id = 1; END;
    `,
  },
  {
    version: 3,
    name: 'battery saves and save states',
    // Both go with their ROM (ON DELETE CASCADE, also from save_states to its bytes). State bytes sit in
    // their own table, as ROM bytes do, so listing a ROM's states never reads BLOB pages. The partial
    // unique indexes make "one state per slot" and "one resume per ROM" hold for any writer.
    up: `
      CREATE TABLE battery_saves (
        rom_id     TEXT    PRIMARY KEY REFERENCES roms (id) ON DELETE CASCADE,
        size       INTEGER NOT NULL CHECK (size > 0),
        updated_at TEXT    NOT NULL,
        bytes      BLOB    NOT NULL CHECK (length(bytes) = size)
      );
      CREATE TABLE save_states (
        seq            INTEGER PRIMARY KEY AUTOINCREMENT,
        id             TEXT    NOT NULL UNIQUE,
        rom_id         TEXT    NOT NULL REFERENCES roms (id) ON DELETE CASCADE,
        kind           TEXT    NOT NULL CHECK (kind IN ('manual', 'auto', 'resume')),
        slot           TEXT    CHECK (kind <> 'resume' OR slot IS NULL),
        created_at     TEXT    NOT NULL,
        size           INTEGER NOT NULL CHECK (size > 0),
        thumbnail_size INTEGER CHECK (thumbnail_size > 0),
        core           TEXT    NOT NULL,
        core_version   TEXT    NOT NULL,
        rom_sha1       TEXT    NOT NULL
      );
      CREATE INDEX save_states_rom ON save_states (rom_id, seq);
      CREATE UNIQUE INDEX save_states_slot ON save_states (rom_id, slot) WHERE slot IS NOT NULL;
      CREATE UNIQUE INDEX save_states_resume ON save_states (rom_id) WHERE kind = 'resume';
      CREATE TABLE save_state_bytes (
        state_seq INTEGER PRIMARY KEY REFERENCES save_states (seq) ON DELETE CASCADE,
        bytes     BLOB    NOT NULL CHECK (length(bytes) > 0),
        thumbnail BLOB
      );
    `,
  },
  {
    version: 4,
    name: 'soft delete',
    // A delete hides the ROM (deleted_at, ISO 8601 UTC) so it can be undone; the server purges it
    // for good after the undo window, and ON DELETE CASCADE takes its save and states then. Hiding
    // and restoring change the list, so they bump the revision like inserts and deletes.
    up: `
      ALTER TABLE roms ADD COLUMN deleted_at TEXT;
      CREATE INDEX roms_deleted ON roms (deleted_at) WHERE deleted_at IS NOT NULL;
      CREATE TRIGGER roms_revision_hide AFTER UPDATE OF deleted_at ON roms
        BEGIN UPDATE library_meta SET revision = revision + 1 WHERE id = 1; END;
    `,
  },
  {
    version: 5,
    name: 'list changes, counts and sort indexes',
    // list_rev is the revision at a row's last list change (insert, hide, restore), so a server's
    // copy of the whole list catches up by reading only the rows changed since its revision.
    // purged_rev says when that is not enough: the latest revision at which a row a copy might still
    // show was removed for good (a hidden row's hide, or any removal of a visible row). visible_count
    // is the unsearched list's total, so a page does not count the table. One trigger per kind of
    // change does all three, in the order the copy relies on (revision first, then the row's stamp).
    up: `
      ALTER TABLE roms ADD COLUMN list_rev INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE library_meta ADD COLUMN purged_rev INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE library_meta ADD COLUMN visible_count INTEGER NOT NULL DEFAULT 0;
      UPDATE library_meta SET visible_count = (SELECT COUNT(*) FROM roms WHERE deleted_at IS NULL);
      CREATE INDEX roms_list_rev ON roms (list_rev);
      CREATE INDEX roms_visible_title ON roms (title COLLATE NOCASE, seq DESC) WHERE deleted_at IS NULL;
      CREATE INDEX roms_visible_size ON roms (file_size, seq DESC) WHERE deleted_at IS NULL;
      CREATE INDEX roms_visible_mapper ON roms (mapper, seq DESC) WHERE deleted_at IS NULL;
      DROP TRIGGER roms_revision_insert;
      DROP TRIGGER roms_revision_delete;
      DROP TRIGGER roms_revision_hide;
      CREATE TRIGGER roms_list_insert AFTER INSERT ON roms BEGIN
        UPDATE library_meta SET revision = revision + 1,
          visible_count = visible_count + (NEW.deleted_at IS NULL) WHERE id = 1;
        UPDATE roms SET list_rev = (SELECT revision FROM library_meta WHERE id = 1) WHERE seq = NEW.seq;
      END;
      CREATE TRIGGER roms_list_hide AFTER UPDATE OF deleted_at ON roms BEGIN
        UPDATE library_meta SET revision = revision + 1,
          visible_count = visible_count + (NEW.deleted_at IS NULL) - (OLD.deleted_at IS NULL)
          WHERE id = 1;
        UPDATE roms SET list_rev = (SELECT revision FROM library_meta WHERE id = 1) WHERE seq = NEW.seq;
      END;
      CREATE TRIGGER roms_list_delete AFTER DELETE ON roms BEGIN
        UPDATE library_meta SET revision = revision + 1,
          visible_count = visible_count - (OLD.deleted_at IS NULL),
          purged_rev = CASE WHEN OLD.deleted_at IS NULL THEN revision + 1
                            ELSE max(purged_rev, OLD.list_rev) END
          WHERE id = 1;
      END;
    `,
  },
  {
    version: 6,
    name: 'descending sort indexes',
    // Ties are broken newest first in both directions (page-query.ts), so a backward scan of
    // migration 5's indexes would give the ties oldest first and SQLite would sort them: for sizes
    // and mappers, which many ROMs share, that is most of the table. One index per direction.
    up: `
      CREATE INDEX roms_visible_title_desc ON roms (title COLLATE NOCASE DESC, seq DESC)
        WHERE deleted_at IS NULL;
      CREATE INDEX roms_visible_size_desc ON roms (file_size DESC, seq DESC) WHERE deleted_at IS NULL;
      CREATE INDEX roms_visible_mapper_desc ON roms (mapper DESC, seq DESC) WHERE deleted_at IS NULL;
    `,
  },
  {
    version: 7,
    name: 'cartridge identity',
    // What the server learns about each ROM (roms/identity/): CRC32 without the header, SHA-1 and CRC32
    // of the whole file (for DATs that hash headered files), the cartridge database's entry as JSON
    // (NULL when it has none) and the fingerprint of the database it was looked up in (NULL: not yet;
    // the start-up pass fills in ROMs stored before this migration). cart_mapper and cart_region copy
    // two of its facts into columns the list can filter on. use_corrected_header is the user's toggle.
    // A change to any of them changes the list, so it stamps the row and bumps the revision as a hide does.
    up: `
      ALTER TABLE roms ADD COLUMN crc32 TEXT;
      ALTER TABLE roms ADD COLUMN file_sha1 TEXT;
      ALTER TABLE roms ADD COLUMN file_crc32 TEXT;
      ALTER TABLE roms ADD COLUMN cartridge TEXT;
      ALTER TABLE roms ADD COLUMN cartridge_db TEXT;
      ALTER TABLE roms ADD COLUMN cart_mapper INTEGER;
      ALTER TABLE roms ADD COLUMN cart_region TEXT;
      ALTER TABLE roms ADD COLUMN use_corrected_header INTEGER NOT NULL DEFAULT 1
        CHECK (use_corrected_header IN (0, 1));
      CREATE TRIGGER roms_list_update
        AFTER UPDATE OF crc32, cartridge, cart_region, cart_mapper, use_corrected_header ON roms
      BEGIN
        UPDATE library_meta SET revision = revision + 1 WHERE id = 1;
        UPDATE roms SET list_rev = (SELECT revision FROM library_meta WHERE id = 1) WHERE seq = NEW.seq;
      END;
    `,
  },
  {
    version: 8,
    name: 'dats and titles',
    // Imported DATs (dats, with their ROM lines in dat_roms) and what they say of an entry: its game's
    // name, region and revision, copied onto the row so the list shows and searches them without a
    // join. ready = 0 while an import writes its lines: nothing reads or applies such a DAT. title_source
    // says whose the title is ('file': the file name's, 'user': typed, 'dat': a DAT's name); a DAT
    // replaces only a title that is not the user's. Titles equal to the file name without .nes are the
    // file's; others are taken as typed. The list trigger now also fires on titles and DAT facts.
    up: `
      CREATE TABLE dats (
        seq         INTEGER PRIMARY KEY AUTOINCREMENT,
        id          TEXT    NOT NULL UNIQUE,
        name        TEXT    NOT NULL,
        description TEXT,
        version     TEXT,
        format      TEXT    NOT NULL CHECK (format IN ('logiqx', 'clrmamepro')),
        imported_at TEXT    NOT NULL,
        game_count  INTEGER NOT NULL,
        rom_count   INTEGER NOT NULL,
        ready       INTEGER NOT NULL DEFAULT 0 CHECK (ready IN (0, 1))
      );
      CREATE TABLE dat_roms (
        dat_seq   INTEGER NOT NULL REFERENCES dats (seq) ON DELETE CASCADE,
        game_name TEXT    NOT NULL,
        region    TEXT,
        revision  TEXT,
        size      INTEGER,
        crc32     TEXT,
        sha1      TEXT,
        CHECK (crc32 IS NOT NULL OR sha1 IS NOT NULL)
      );
      CREATE INDEX dat_roms_dat ON dat_roms (dat_seq);
      CREATE INDEX dat_roms_sha1 ON dat_roms (sha1) WHERE sha1 IS NOT NULL;
      CREATE INDEX dat_roms_crc32 ON dat_roms (crc32) WHERE crc32 IS NOT NULL;
      ALTER TABLE roms ADD COLUMN dat_id TEXT REFERENCES dats (id) ON DELETE SET NULL;
      ALTER TABLE roms ADD COLUMN dat_name TEXT;
      ALTER TABLE roms ADD COLUMN dat_region TEXT;
      ALTER TABLE roms ADD COLUMN dat_revision TEXT;
      ALTER TABLE roms ADD COLUMN title_source TEXT NOT NULL DEFAULT 'user'
        CHECK (title_source IN ('file', 'user', 'dat'));
      UPDATE roms SET title_source = 'file' WHERE title = substr(file_name, 1, length(file_name) - 4);
      CREATE INDEX roms_dat ON roms (dat_id) WHERE dat_id IS NOT NULL;
      DROP TRIGGER roms_list_update;
      CREATE TRIGGER roms_list_update
        AFTER UPDATE OF title, title_source, dat_name, dat_region, dat_revision, crc32, cartridge,
          cart_region, cart_mapper, use_corrected_header ON roms
      BEGIN
        UPDATE library_meta SET revision = revision + 1 WHERE id = 1;
        UPDATE roms SET list_rev = (SELECT revision FROM library_meta WHERE id = 1) WHERE seq = NEW.seq;
      END;
    `,
  },
  {
    version: 9,
    name: 'recently played',
    // When a player last started the entry from the library (POST /api/roms/:id/played), for the
    // "recently played" order: never played last, in either direction, through an index per direction
    // whose first key is "never played". Every entry carries it, so a change to it changes the list.
    up: `
      ALTER TABLE roms ADD COLUMN last_played_at TEXT;
      CREATE INDEX roms_visible_played_asc ON roms (last_played_at IS NULL, last_played_at ASC, seq DESC)
        WHERE deleted_at IS NULL;
      CREATE INDEX roms_visible_played_desc ON roms (last_played_at IS NULL, last_played_at DESC, seq DESC)
        WHERE deleted_at IS NULL;
      DROP TRIGGER roms_list_update;
      CREATE TRIGGER roms_list_update
        AFTER UPDATE OF title, title_source, dat_name, dat_region, dat_revision, crc32, cartridge,
          cart_region, cart_mapper, use_corrected_header, last_played_at ON roms
      BEGIN
        UPDATE library_meta SET revision = revision + 1 WHERE id = 1;
        UPDATE roms SET list_rev = (SELECT revision FROM library_meta WHERE id = 1) WHERE seq = NEW.seq;
      END;
    `,
  },
  {
    version: 10,
    name: 'unlock sessions',
    // POST /api/unlock opens a session (http/unlock-sessions.ts): the SHA-256 of its random cookie (the
    // cookie itself is never stored), a keyed hash naming the LIBRARY_TOKEN it was opened with (a new
    // token ends the others) and when it ends, ISO 8601 UTC. In the library's database, so every
    // server sharing it knows a session and its end.
    up: `
      CREATE TABLE unlock_sessions (
        id_hash    TEXT PRIMARY KEY,
        token_tag  TEXT NOT NULL,
        created_at TEXT NOT NULL,
        expires_at TEXT NOT NULL
      );
      CREATE INDEX unlock_sessions_expires ON unlock_sessions (expires_at);
    `,
  },
  {
    version: 11,
    name: 'covers',
    // A cover picture per entry (PUT /api/roms/:id/cover): a small PNG or WebP in its own table, so no
    // list read ever touches its bytes; the entry carries only its version (the image's ETag), kept in
    // the same transaction, which the list shows and which makes a new cover a change of the list.
    up: `
      CREATE TABLE covers (
        rom_id     TEXT    PRIMARY KEY REFERENCES roms (id) ON DELETE CASCADE,
        type       TEXT    NOT NULL CHECK (type IN ('image/png', 'image/webp')),
        version    TEXT    NOT NULL,
        size       INTEGER NOT NULL CHECK (size > 0),
        updated_at TEXT    NOT NULL,
        bytes      BLOB    NOT NULL CHECK (length(bytes) = size)
      );
      ALTER TABLE roms ADD COLUMN cover_version TEXT;
      DROP TRIGGER roms_list_update;
      CREATE TRIGGER roms_list_update
        AFTER UPDATE OF title, title_source, dat_name, dat_region, dat_revision, crc32, cartridge,
          cart_region, cart_mapper, use_corrected_header, last_played_at, cover_version ON roms
      BEGIN
        UPDATE library_meta SET revision = revision + 1 WHERE id = 1;
        UPDATE roms SET list_rev = (SELECT revision FROM library_meta WHERE id = 1) WHERE seq = NEW.seq;
      END;
    `,
  },
]
