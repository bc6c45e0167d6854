// The list's query key: its first element is the path the default query GETs (spec section 7). The studio
// invalidates the same key after "add to library".
export const ROMS_QUERY_KEY = ['/api/roms'] as const
