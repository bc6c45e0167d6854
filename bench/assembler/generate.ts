// Generates NESASM test programs for the benchmark: a large multi-bank project with macros and
// includes, and a small 500-line single-file program.

export interface Project {
  files: Record<string, string>
  main: string
  lines: number
}

const MACROS = `
copy16 .macro
  lda \\1
  sta \\2
  lda \\1+1
  sta \\2+1
  .endm
waitx .macro
.w\\@:
  dex
  bne .w\\@
  .endm
`

function bankFile(bank: number, linesPerBank: number): string {
  const out: string[] = [
    `; bank ${bank}`,
    `  .bank ${bank}`,
    `  .org $${(0x8000 + (bank % 4) * 0x2000).toString(16)}`,
  ]
  let n = 0
  let k = 0
  while (n < linesPerBank) {
    const g = `b${bank}_r${k++}`
    out.push(`${g}:`)
    out.push(`  lda #LOW(${g})`, `  sta <$10`, `  ldx #$08`)
    out.push(`  copy16 <$20, <$22`)
    out.push(`  waitx`)
    out.push(`.loop: lda table_${bank},x`, `  sta $0200,x`, `  inx`, `  cpx #16`, `  bne .loop`)
    out.push(`  jsr ${g}_sub`, `  rts`)
    out.push(`${g}_sub: .db $01, $02, $03, $04, HIGH(${g}), LOW(${g})`, `  .dw ${g}, ${g}_sub`)
    n += 16
  }
  out.push(`table_${bank}: .db 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15`)
  return out.join('\n') + '\n'
}

/**
 * A project of `banks` 8 KB banks, each in its own include file (about 100 lines per KB), or split
 * into `filesPerBank` files included one after another (`largeProject(64, 2200, 13)` has the size of
 * the SMB3 disassembly: about 132,000 lines in 833 files).
 */
export function largeProject(banks = 64, linesPerBank = 1700, filesPerBank = 1): Project {
  const files: Record<string, string> = {}
  const main: string[] = [
    '  .inesprg ' + banks / 2,
    '  .ineschr 0',
    '  .inesmap 4',
    '  .inesmir 1',
    MACROS,
  ]
  for (let b = 0; b < banks; b++) {
    const name = `bank${String(b).padStart(2, '0')}`
    const text = bankFile(b, linesPerBank)
    if (filesPerBank <= 1) {
      files[`${name}.asm`] = text
      main.push(`  .include "${name}.asm"`)
      continue
    }
    const lines = text.split('\n').slice(0, -1)
    const per = Math.ceil(lines.length / filesPerBank)
    for (let k = 0; k * per < lines.length; k++) {
      const part = `${name}_${String(k).padStart(2, '0')}.asm`
      files[part] = lines.slice(k * per, (k + 1) * per).join('\n') + '\n'
      main.push(`  .include "${part}"`)
    }
  }
  main.push(`  .bank ${banks - 1}`, '  .org $FFFA', '  .dw b0_r0, b0_r0, b0_r0')
  files['main.asm'] = main.join('\n') + '\n'
  const lines = Object.values(files).reduce((s, t) => s + t.split('\n').length - 1, 0)
  return { files, main: 'main.asm', lines }
}

/** A single-file program of about 500 lines. */
export function smallProgram(): Project {
  const text = [
    '  .inesprg 1',
    '  .ineschr 0',
    MACROS,
    bankFile(0, 470).replace('  .org $8000', '  .org $C000'),
    '  .bank 1',
    '  .org $FFFA',
    '  .dw b0_r0, b0_r0, b0_r0',
  ].join('\n')
  return { files: { 'main.asm': text }, main: 'main.asm', lines: text.split('\n').length }
}
