// A generated NESASM project of the SMB3 disassembly's shape (captainsouthbird/smb3 checked out with CR LF line
// ends: 855 files, 6.8 MB; 727 heavily commented .asm sources and 128 binary graphics files), which a test may
// hold where the real disassembly's licence does not allow it. It assembles with MMC3 (mapper 4), 16 PRG and
// 16 CHR banks of 8 KB each, like SMB3; its reset code loops forever.

const encoder = new TextEncoder()

/** Files (project path → bytes) and the main file's path. */
export interface GeneratedProject {
  files: Record<string, Uint8Array>
  main: string
}

const PRG_BANKS = 32
const CHR_FILES = 128
/** Data sources per bank: 22 in the first 22 banks, 21 in the rest (694 in all). */
const sourcesIn = (bank: number) => (bank < 22 ? 22 : 21)

/** A comment block of about `bytes` bytes with CR LF line ends, as a disassembly's notes are. */
function comments(seed: number, bytes: number): string {
  const lines: string[] = []
  let size = 0
  for (let i = 0; size < bytes; i += 1) {
    const line = `; ${seed}.${i}: state ${(seed * 31 + i * 7) & 0xff}, read by the object loop; see the bank notes.`
    lines.push(line)
    size += line.length + 2
  }
  return lines.join('\r\n')
}

/** One data source: a label and a few bytes, under its notes. */
function dataSource(bank: number, index: number): string {
  const bytes = Array.from(
    { length: 16 },
    (_, k) => `$${((bank * 13 + index * 5 + k) & 0xff).toString(16).padStart(2, '0')}`,
  )
  return `${comments(bank * 100 + index, 9350)}\r\nData_${bank}_${index}:\r\n\t.db ${bytes.join(',')}\r\n`
}

/** A bank file: its `.bank`/`.org`, the data sources it includes, and in the last bank the vectors. */
function bankSource(bank: number): string {
  const org = bank === PRG_BANKS - 1 ? '$E000' : bank === PRG_BANKS - 2 ? '$C000' : '$A000'
  const includes = Array.from(
    { length: sourcesIn(bank) },
    (_, i) => `\t.include "PRG/b${bank}/data${i}.asm"`,
  )
  const reset =
    bank === PRG_BANKS - 1
      ? '\r\nReset:\r\n\tSEI\r\n\tCLD\r\nForever:\r\n\tJMP Forever\r\n\t.org $FFFA\r\n\t.dw Reset, Reset, Reset\r\n'
      : ''
  return `${comments(bank, 4000)}\r\n\t.bank ${bank}\r\n\t.org ${org}\r\n${includes.join('\r\n')}\r\n${reset}`
}

/** The generated project: 1 main file, 32 bank files, 694 data sources, 128 CHR pieces of 1 KB (855 files, 6.8 MB). */
export function smb3ShapedProject(): GeneratedProject {
  const files: Record<string, Uint8Array> = {}
  const main = [
    '; A generated project of the SMB3 disassembly shape',
    '\t.inesprg 16',
    '\t.ineschr 16',
    '\t.inesmap 4',
    '\t.inesmir 0',
    ...Array.from(
      { length: PRG_BANKS },
      (_, bank) => `\t.include "PRG/prg${String(bank).padStart(3, '0')}.asm"`,
    ),
    ...Array.from(
      { length: CHR_FILES },
      (_, i) =>
        (i % 8 === 0 ? `\t.bank ${PRG_BANKS + i / 8}\r\n\t.org $0000\r\n` : '') +
        `\t.incbin "CHR/chr${String(i).padStart(3, '0')}.bin"`,
    ),
  ].join('\r\n')
  files['smb3.asm'] = encoder.encode(`${main}\r\n`)
  for (let bank = 0; bank < PRG_BANKS; bank += 1) {
    files[`PRG/prg${String(bank).padStart(3, '0')}.asm`] = encoder.encode(bankSource(bank))
    for (let i = 0; i < sourcesIn(bank); i += 1)
      files[`PRG/b${bank}/data${i}.asm`] = encoder.encode(dataSource(bank, i))
  }
  for (let i = 0; i < CHR_FILES; i += 1)
    files[`CHR/chr${String(i).padStart(3, '0')}.bin`] = Uint8Array.from(
      { length: 1024 },
      (_, k) => (i * 7 + k * 3) & 0xff,
    )
  return { files, main: 'smb3.asm' }
}
