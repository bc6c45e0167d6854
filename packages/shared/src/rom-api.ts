/**
 * ROM library API contract (docs/rom-api.md): the JSON shapes of `/api/roms` and their zod schemas.
 * Server and client both import these, so a field renamed here fails to compile on both sides.
 */
import { z } from 'zod'

/** Largest title the server stores, in characters (after trimming). */
export const ROM_TITLE_MAX_LENGTH = 100

/** Largest cover picture the library stores, in bytes (24 KiB). */
export const COVER_MAX_BYTES = 24 * 1024

/** Image types a cover may be (checked by the bytes' magic numbers). */
export const COVER_TYPES = ['image/png', 'image/webp'] as const

/** Smallest file the library accepts, in bytes (spec section 9). */
export const ROM_MIN_BYTES = 1024

/** Default upload cap in bytes (8 MiB); the server's `MAX_ROM_BYTES` may change it. */
export const DEFAULT_MAX_ROM_BYTES = 8 * 1024 * 1024

/** Nametable arrangement from the iNES header (flags 6 bits 0 and 3). */
export const mirroringSchema = z.enum(['horizontal', 'vertical', 'four-screen'])
export type Mirroring = z.infer<typeof mirroringSchema>

/**
 * What the cartridge database (Nestopia's NstDatabase.xml, vendored with the server) knows about a ROM,
 * found by the SHA-1 of the ROM without its header. Sizes are bytes.
 */
export const cartridgeSchema = z.object({
  /**
   * Every system the database lists this ROM for, as it names them: `NES-NTSC`, `NES-PAL`,
   * `NES-PAL-A`, `NES-PAL-B`, `Famicom`, `Dendy`, `VS-Unisystem`, `Playchoice-10`.
   */
  systems: z.array(z.string()),
  /** Board name (`NES-UNROM`, `HVC-SKROM`, ...), or null when the database does not name it. */
  board: z.string().nullable(),
  /** iNES mapper number of the board, or null when the database gives none. */
  mapper: z.number().int().nonnegative().nullable(),
  prgRomBytes: z.number().int().nonnegative(),
  /** 0 for a board with CHR RAM. */
  chrRomBytes: z.number().int().nonnegative(),
  chrRamBytes: z.number().int().nonnegative(),
  /** Work RAM at $6000-$7FFF. */
  prgRamBytes: z.number().int().nonnegative(),
  /** Battery-backed RAM (the game saves). */
  battery: z.boolean(),
  /** Fixed by the board's solder pads; null when the mapper switches it (or the database does not say). */
  mirroring: z.enum(['horizontal', 'vertical']).nullable(),
  /** How sure the database is of its dump: `ok`, `bad` or `unknown`. */
  dump: z.enum(['ok', 'bad', 'unknown']),
})
export type Cartridge = z.infer<typeof cartridgeSchema>

/** Header fields the server checks against the cartridge database. */
export const headerFieldSchema = z.enum(['mapper', 'mirroring', 'battery', 'prgRom', 'chrRom'])
export type HeaderField = z.infer<typeof headerFieldSchema>

/** A header field that disagrees with the cartridge database. Sizes in bytes. */
export const headerIssueSchema = z.object({
  field: headerFieldSchema,
  /** What the ROM's iNES header says. */
  header: z.union([z.number(), z.string(), z.boolean()]),
  /** What the cartridge really has. */
  cartridge: z.union([z.number(), z.string(), z.boolean()]),
  /** For people: "header says mapper 0, this cartridge is mapper 2". */
  message: z.string(),
})
export type HeaderIssue = z.infer<typeof headerIssueSchema>

/** Whose an entry's title is: the file name's, typed by a user, or a DAT's game name. */
export const titleSourceSchema = z.enum(['file', 'user', 'dat'])
export type TitleSource = z.infer<typeof titleSourceSchema>

/** What an imported DAT says of an entry. */
export const romDatInfoSchema = z.object({
  /** The game's name in the DAT ("Legend of Zelda, The (USA) (Rev 1)"). */
  name: z.string(),
  /** "USA", "Japan, Europe", ...; null when the DAT does not say. */
  region: z.string().nullable(),
  /** "Rev 1", "v1.1"; null for the first release. */
  revision: z.string().nullable(),
})
export type RomDatInfo = z.infer<typeof romDatInfoSchema>

/** One library entry as the API returns it. Sizes are bytes; bank counts are 16 KiB (PRG) and 8 KiB (CHR) units. */
export const romEntrySchema = z.object({
  /** Opaque id (a UUID); use it verbatim in `/api/roms/:id`. */
  id: z.string(),
  /** Display title, trimmed, at most {@link ROM_TITLE_MAX_LENGTH} characters. */
  title: z.string(),
  /** Sanitised original file name, always ending in `.nes`. */
  fileName: z.string(),
  /** Size of the whole file in bytes, header included. */
  fileSize: z.number().int().nonnegative(),
  /** Upload time, ISO 8601 in UTC. */
  createdAt: z.string(),
  /** iNES mapper number (0-4095; NES 2.0 headers carry bits 8-11). */
  mapper: z.number().int().nonnegative(),
  /** Common board name of the mapper ("NROM", "MMC1", ...), or null when not in the server's table. */
  mapperName: z.string().nullable(),
  /** NES 2.0 submapper, or null for iNES 1.0 headers. */
  submapper: z.number().int().nonnegative().nullable(),
  /** PRG ROM size in 16 KiB units (rounded up). */
  prgRomBanks: z.number().int().nonnegative(),
  /** CHR ROM size in 8 KiB units (rounded up); 0 means the board uses CHR RAM. */
  chrRomBanks: z.number().int().nonnegative(),
  mirroring: mirroringSchema,
  /** Battery-backed PRG RAM present (flags 6 bit 1). */
  battery: z.boolean(),
  /** A 512-byte trainer sits between header and PRG ROM. */
  trainer: z.boolean(),
  /** Header is NES 2.0 (flags 7 bits 2-3 equal 2). */
  nes2: z.boolean(),
  /** SHA-1 (lowercase hex) of the file without its 16-byte header: the identity ROM databases use. */
  sha1: z.string().regex(/^[0-9a-f]{40}$/),
  /** CRC32 (8 lowercase hex digits) of the file without its header; null until the server has read it. */
  crc32: z
    .string()
    .regex(/^[0-9a-f]{8}$/)
    .nullable(),
  /** The cartridge database's entry for this ROM, or null when it has none (homebrew, hacks, unknown dumps). */
  cartridge: cartridgeSchema.nullable(),
  /** Where the game was sold ("USA", "Japan, Europe", ...) from the DAT or the cartridge database; or null. */
  region: z.string().nullable(),
  /** What the newest imported DAT listing this ROM says of it, or null when none does. */
  dat: romDatInfoSchema.nullable(),
  /** Whose `title` is; a DAT replaces only a title that is not the user's. */
  titleSource: titleSourceSchema,
  /** Header fields that disagree with the cartridge database (empty when it agrees or does not know). */
  headerIssues: z.array(headerIssueSchema),
  /**
   * Whether the player loads this ROM with its header corrected from the cartridge database (when
   * `headerIssues` is not empty). The stored file never changes; see `GET /api/roms/:id?header=playable`.
   */
  useCorrectedHeader: z.boolean(),
  /** When a player last started this game from the library (ISO 8601, UTC), or null: never. */
  lastPlayedAt: z.string().nullable(),
  /**
   * Names the entry's cover picture (16 lowercase hex digits, also its ETag), or null when it has none.
   * The picture itself is never in a list: `GET /api/roms/:id/cover?v=<coverVersion>`.
   */
  coverVersion: z
    .string()
    .regex(/^[0-9a-f]{16}$/)
    .nullable(),
})
export type RomEntry = z.infer<typeof romEntrySchema>

/** `GET /api/roms` → 200, newest first. */
export const romListResponseSchema = z.object({ roms: z.array(romEntrySchema) })
export type RomListResponse = z.infer<typeof romListResponseSchema>

/**
 * Orders of the paged list: upload time, title (case-insensitive), file size in bytes, iNES mapper, last
 * time played (entries never played come last either way).
 */
export const romSortKeySchema = z.enum(['date', 'title', 'size', 'mapper', 'played'])
export type RomSortKey = z.infer<typeof romSortKeySchema>

/** C0 and C1 control characters. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARS = /[\u0000-\u001f\u007f-\u009f]/g

/** Largest page `GET /api/roms?limit=` returns, in entries. */
export const ROM_PAGE_MAX_LIMIT = 500

/** Largest region filter, in characters. */
export const ROM_REGION_FILTER_MAX_LENGTH = 40

/**
 * Query of the paged list, `GET /api/roms?offset=&limit=&q=&sort=&order=&mapper=&region=&saves=` (all
 * optional; any of them makes the answer a {@link RomPageResponse}). `offset` is 0-based, `q` matches
 * titles and DAT game names case-insensitively anywhere. Default order: newest first for `date` and
 * most recently played first for `played`, ascending for the other keys. Filters: `mapper` the header's
 * mapper, `region` part of the entry's region (case-insensitive: "usa" finds "Japan, USA"), `saves=yes`
 * only entries with a battery save or a save state.
 */
export const romListQuerySchema = z.object({
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(ROM_PAGE_MAX_LIMIT).default(100),
  // Control characters (a NUL among them, which PostgreSQL refuses in text) match no title: titles
  // have none, and their runs of white space are single spaces, so the search text is cleaned alike.
  q: z
    .string()
    .max(100)
    .transform((q) => q.replace(CONTROL_CHARS, ' ').replace(/\s+/g, ' ').trim())
    .default(''),
  sort: romSortKeySchema.default('date'),
  order: z.enum(['asc', 'desc']).optional(),
  mapper: z.coerce.number().int().min(0).max(4095).optional(),
  region: z
    .string()
    .max(ROM_REGION_FILTER_MAX_LENGTH)
    .transform((region) => region.replace(CONTROL_CHARS, ' ').replace(/\s+/g, ' ').trim())
    .optional(),
  saves: z.enum(['yes']).optional(),
})
export type RomListQuery = z.infer<typeof romListQuerySchema>

/** `GET /api/roms?…` → 200: one page of the matching entries, and how many match in all. */
export const romPageResponseSchema = z.object({
  roms: z.array(romEntrySchema),
  /** Entries matching `q` and the filters, over all pages. */
  total: z.number().int().nonnegative(),
  offset: z.number().int().nonnegative(),
  limit: z.number().int().positive(),
})
export type RomPageResponse = z.infer<typeof romPageResponseSchema>

/**
 * `GET /api/unlock` → 200: whether writes need the library token (the server's `LIBRARY_TOKEN`), and
 * whether this request carries it (bearer header or the cookie `POST /api/unlock {"token"}` sets).
 */
export const unlockStatusSchema = z.object({ required: z.boolean(), unlocked: z.boolean() })
export type UnlockStatus = z.infer<typeof unlockStatusSchema>

/** `POST /api/roms` → 201. */
export const romUploadResponseSchema = z.object({ rom: romEntrySchema })
export type RomUploadResponse = z.infer<typeof romUploadResponseSchema>

/**
 * How long a delete can be undone, in milliseconds: `DELETE /api/roms/:id` hides the ROM at once,
 * `POST /api/roms/:id/restore` brings it back within this window, and the server purges it after.
 */
export const ROM_DELETE_UNDO_MS = 10_000

/** `POST /api/roms/:id/restore` → 200: the entry, back in the library with its save and states. */
export const romRestoreResponseSchema = z.object({ rom: romEntrySchema })
export type RomRestoreResponse = z.infer<typeof romRestoreResponseSchema>

/**
 * `PATCH /api/roms/:id` body (JSON): the entry's settings to change; at least one. The answer is
 * {@link RomUpdateResponse}.
 */
export const romUpdateRequestSchema = z
  .object({
    /** Load the ROM with its header corrected from the cartridge database (default on). */
    useCorrectedHeader: z.boolean().optional(),
    /**
     * A new title (rename), at most {@link ROM_TITLE_MAX_LENGTH} characters once trimmed; it is the
     * user's from then on. Empty gives the title back to the DAT's name, or the file name.
     */
    title: z.string().max(1000).optional(),
  })
  .strict()
  .refine((body) => Object.keys(body).length > 0, { message: 'Nothing to change.' })
export type RomUpdateRequest = z.infer<typeof romUpdateRequestSchema>

/** `PATCH /api/roms/:id` → 200: the entry as it is now. */
export const romUpdateResponseSchema = z.object({ rom: romEntrySchema })
export type RomUpdateResponse = z.infer<typeof romUpdateResponseSchema>

/** Largest DAT file `POST /api/dats` takes, in bytes (50 MiB). */
export const DAT_MAX_BYTES = 50 * 1024 * 1024

/** An imported DAT (`GET /api/dats`). */
export const datInfoSchema = z.object({
  /** Opaque id (a UUID); use it verbatim in `/api/dats/:id`. */
  id: z.string(),
  /** The DAT's own name ("Nintendo - Nintendo Entertainment System (Headerless)"). */
  name: z.string(),
  description: z.string().nullable(),
  version: z.string().nullable(),
  format: z.enum(['logiqx', 'clrmamepro']),
  /** ISO 8601, UTC. */
  importedAt: z.string(),
  /** Games with at least one ROM line the library can match (a CRC32 or SHA-1). */
  gameCount: z.number().int().nonnegative(),
  romCount: z.number().int().nonnegative(),
  /** Library entries this DAT names now. */
  matchedRoms: z.number().int().nonnegative(),
})
export type DatInfo = z.infer<typeof datInfoSchema>

/** `GET /api/dats` → 200, newest first. */
export const datListResponseSchema = z.object({ dats: z.array(datInfoSchema) })
export type DatListResponse = z.infer<typeof datListResponseSchema>

/** `POST /api/dats` → 201: the DAT, how many entries it names and how many got its name as title. */
export const datImportResponseSchema = z.object({
  dat: datInfoSchema,
  matched: z.number().int().nonnegative(),
  renamed: z.number().int().nonnegative(),
})
export type DatImportResponse = z.infer<typeof datImportResponseSchema>

/** A stored cover picture (`PUT /api/roms/:id/cover` → 200). Size in bytes. */
export const coverInfoSchema = z.object({
  /** The entry's `coverVersion` now, and the picture's ETag. */
  version: z.string(),
  type: z.enum(COVER_TYPES),
  size: z.number().int().positive(),
  /** ISO 8601, UTC. */
  updatedAt: z.string(),
})
export type CoverInfo = z.infer<typeof coverInfoSchema>

export const coverPutResponseSchema = z.object({ cover: coverInfoSchema })
export type CoverPutResponse = z.infer<typeof coverPutResponseSchema>

/** Machine-readable error codes; match on these, not on messages. */
export const apiErrorCodeSchema = z.enum([
  'NoFile',
  'InvalidFileName',
  'InvalidRom',
  'RomTooSmall',
  'RomSizeMismatch',
  'InvalidTitle',
  'BadRequest',
  'CrossSiteRequest',
  'HostNotAllowed',
  'TokenRequired',
  /** Too many wrong library tokens from one client: it must wait (429, Retry-After). */
  'TooManyAttempts',
  'RequestTimeout',
  'ServerBusy',
  'StorageUnavailable',
  'StorageFull',
  'NotFound',
  'DuplicateRom',
  'RomTooLarge',
  /** A request body over the size its route takes (not a ROM, save or state: those have their own codes). */
  'BodyTooLarge',
  'UnsupportedMediaType',
  /** A `Range` none of whose ranges starts inside the file; sent with a `Content-Range` naming its size. */
  'RangeNotSatisfiable',
  /** A method the server never serves (CONNECT: it is no proxy). */
  'MethodNotAllowed',
  /** A stored ROM whose bytes no longer match the SHA-256 taken at upload: it is not sent (500). */
  'RomDamaged',
  'InternalError',
  /** A DAT that is malformed, hostile (XML entities), empty, of another kind, or lists too many ROMs. */
  'InvalidDat',
  /** A DAT over DAT_MAX_BYTES. */
  'DatTooLarge',
  // Battery saves and save states (save-api.ts).
  'InvalidSave',
  'SaveTooLarge',
  'InvalidState',
  'StateTooLarge',
  'InvalidThumbnail',
  'ThumbnailTooLarge',
  'StateRomMismatch',
  'StateCoreMismatch',
  'TooManyStates',
  /** A battery save written from a version that is no longer the server's (If-Match / If-None-Match). */
  'SaveConflict',
  // Covers (PUT /api/roms/:id/cover).
  /** A cover body that is not a PNG or WebP image by its magic numbers (415). */
  'NotAnImage',
  /** A cover over COVER_MAX_BYTES (413). */
  'CoverTooLarge',
  /** `If-None-Match: *` and the entry already has a cover, which was kept (412). */
  'CoverExists',
  /** The entry has no cover (404). */
  'NoCover',
  // Online play (netplay-api.ts).
  /** The server already runs as many online rooms as it allows (NETPLAY_MAX_ROOMS). */
  'RoomLimit',
])
export type ApiErrorCode = z.infer<typeof apiErrorCodeSchema>

/** Body of every non-2xx API response. `message` is written for a person to act on. */
export const apiErrorBodySchema = z.object({
  error: z.object({ code: apiErrorCodeSchema, message: z.string() }),
})
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>
