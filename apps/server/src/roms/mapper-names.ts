// Common board names for the mappers most games use (nesdev wiki "Mapper" list).
const MAPPER_NAMES: Readonly<Record<number, string>> = {
  0: 'NROM',
  1: 'MMC1',
  2: 'UxROM',
  3: 'CNROM',
  4: 'MMC3',
  5: 'MMC5',
  7: 'AxROM',
  9: 'MMC2',
  10: 'MMC4',
  11: 'Color Dreams',
  13: 'CPROM',
  16: 'Bandai FCG',
  19: 'Namco 163',
  21: 'VRC4',
  22: 'VRC2',
  23: 'VRC2/VRC4',
  24: 'VRC6',
  25: 'VRC4',
  26: 'VRC6',
  34: 'BNROM/NINA-001',
  64: 'RAMBO-1',
  66: 'GxROM',
  69: 'Sunsoft FME-7',
  71: 'Camerica',
  73: 'VRC3',
  75: 'VRC1',
  79: 'NINA-003/006',
  85: 'VRC7',
  94: 'UN1ROM',
  105: 'NES-EVENT',
  118: 'TxSROM',
  119: 'TQROM',
  180: 'UNROM (74HC08)',
  206: 'DxROM',
}

/** Board name for an iNES mapper number, or null when the table does not know it. */
export function mapperName(mapper: number): string | null {
  return MAPPER_NAMES[mapper] ?? null
}
