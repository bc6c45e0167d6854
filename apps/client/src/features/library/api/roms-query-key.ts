// The list's query key: its first element is the path the default query GETs (spec section 7). Every
// change to the library invalidates it through lib/library-changes.ts (the studio's "add" included).
import { LIBRARY_PATH } from '../../../lib/library-changes'

export const ROMS_QUERY_KEY = [LIBRARY_PATH] as const
