// Region names as No-Intro writes them ("USA", "Japan", "Europe"), for both sources of the library's
// `region`: a DAT's game name or release, and the cartridge database's systems.

/** Where each NstDatabase system was sold. */
const SYSTEM_REGIONS: Readonly<Record<string, string>> = {
  'NES-NTSC': 'USA',
  'NES-PAL': 'Europe',
  'NES-PAL-A': 'Europe',
  'NES-PAL-B': 'Europe',
  Famicom: 'Japan',
  Dendy: 'Russia',
  'VS-Unisystem': 'Arcade',
  'Playchoice-10': 'Arcade',
}

/** "Japan, USA, Europe" for a ROM sold as a Famicom, NTSC and PAL cartridge; null when none is known. */
export function regionOfSystems(systems: readonly string[]): string | null {
  const regions = [...new Set(systems.map((s) => SYSTEM_REGIONS[s]).filter(Boolean))]
  return regions.length > 0 ? regions.join(', ') : null
}

/** Region words a No-Intro name may hold in its first parentheses, and the Logiqx release codes. */
const KNOWN_REGIONS = new Set([
  'World',
  'USA',
  'Europe',
  'Japan',
  'Asia',
  'Australia',
  'Brazil',
  'Canada',
  'China',
  'France',
  'Germany',
  'Hong Kong',
  'Italy',
  'Korea',
  'Netherlands',
  'Russia',
  'Scandinavia',
  'Spain',
  'Sweden',
  'Taiwan',
  'United Kingdom',
])

const RELEASE_CODES: Readonly<Record<string, string>> = {
  USA: 'USA',
  US: 'USA',
  EUR: 'Europe',
  EU: 'Europe',
  JPN: 'Japan',
  JP: 'Japan',
  WOR: 'World',
  ASI: 'Asia',
  AUS: 'Australia',
  BRA: 'Brazil',
  CAN: 'Canada',
  CHN: 'China',
  FRA: 'France',
  GER: 'Germany',
  HK: 'Hong Kong',
  ITA: 'Italy',
  KOR: 'Korea',
  RUS: 'Russia',
  SPA: 'Spain',
  SWE: 'Sweden',
  TAI: 'Taiwan',
  UK: 'United Kingdom',
}

/** A Logiqx `<release region="EUR">` code as a region name; unknown codes are kept as written. */
export function regionOfReleaseCode(code: string): string {
  return RELEASE_CODES[code.trim().toUpperCase()] ?? code.trim()
}

/** The parenthesised groups of a No-Intro name: "Zelda (USA) (Rev 1)" → ["USA", "Rev 1"]. */
function groups(name: string): string[] {
  return [...name.matchAll(/\(([^()]*)\)/g)].map((m) => (m[1] ?? '').trim())
}

/** The first group made only of region words: "Super Mario Bros. (Japan, USA)" → "Japan, USA". */
export function regionOfName(name: string): string | null {
  for (const group of groups(name)) {
    const parts = group.split(',').map((p) => p.trim())
    if (parts.length > 0 && parts.every((p) => KNOWN_REGIONS.has(p))) return parts.join(', ')
  }
  return null
}

/** "(Rev 1)", "(Rev A)" or "(v1.1)" in a No-Intro name, as written ("Rev 1", "v1.1"); or null. */
export function revisionOfName(name: string): string | null {
  for (const group of groups(name)) {
    if (/^(Rev [0-9A-Z.]+|v\d+(\.\d+)*[a-z]?)$/i.test(group)) return group
  }
  return null
}
