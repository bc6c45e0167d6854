// Instructions: implied (class 1), relative branches (class 2) and the operand parser that picks an
// addressing mode from NESASM's operand syntax (class 4: #imm, <zp, [ind], abs, ,X ,Y, ++ suffixes).
import type { Asm } from './context'
import type { ExprState } from './expr'
import { evaluate } from './expr'
import { isAlpha, isSpace } from './labels'
import { latin1 } from './source'
import { checkEol } from './macros'
import type { Instruction } from './opcodes'
import {
  ABS,
  ABS_IND,
  ABS_IND_X,
  ABS_X,
  ABS_Y,
  ACC,
  IMM,
  ZP,
  ZP_IND,
  ZP_IND_X,
  ZP_IND_Y,
  ZP_X,
  ZP_Y,
} from './opcodes'

/** Extension letter of `lda.l` / `lda.h` / `low_byte` / `high_byte` (0 = none). */
export interface OpContext {
  opext: number
  autoInc: number
}

export function class1(a: Asm, inst: Instruction): void {
  checkEol(a)
  a.loccnt++
  if (a.pass === 1) {
    a.putbyte(a.dataLoccnt, inst.opcode)
    a.println()
  }
}

export function class2(a: Asm, inst: Instruction, s: ExprState): void {
  a.loccnt += 2
  if (!evaluate(a, s, 59)) return
  if (a.pass === 1) {
    a.putbyte(a.dataLoccnt, inst.opcode)
    const addr = (a.value - (a.loccnt + (a.page << 13))) >>> 0
    if (addr > 0x7f && addr < 0xffffff80) {
      const dist = (a.value - (a.loccnt + (a.page << 13))) | 0
      a.error(
        'Branch address out of range!',
        a.stmtCol,
        `branch target is ${dist} bytes away; a branch reaches -128..+127 (use jmp)`,
      )
      return
    }
    a.putbyte(a.dataLoccnt + 1, addr)
    a.println()
  }
}

export function class4(a: Asm, inst: Instruction, s: ExprState, ctx: OpContext): void {
  const ln = a.ln
  while (isSpace(ln[a.ip] ?? 0)) a.ip++
  const c0 = (ln[a.ip] ?? 0) | 32
  if (c0 === 108 || c0 === 104) {
    // low_byte / high_byte
    let i = a.ip
    let len = 0
    for (;;) {
      const c = ln[i] ?? 0
      if (c === 0 || c === 32 || c === 9 || c === 59) break
      if ((!isAlpha(c) && c !== 95) || len === 31) {
        len = 0
        break
      }
      len++
      i++
    }
    if (len === 8 || len === 9) {
      const w = latin1(ln, a.ip, i).toLowerCase()
      if (w === 'low_byte') {
        ctx.opext = 76
        a.ip = i
      } else if (w === 'high_byte') {
        ctx.opext = 72
        a.ip = i
      }
    }
  }
  const opStart = a.ip
  const mode = getOperand(a, s, inst.flags, 59, ctx)
  if (!mode) return
  let opcode = 0
  if (a.pass === 1) {
    const bit = 31 - Math.clz32(mode & -mode)
    opcode = inst.modeOpcodes[bit] ?? 0
    trapWarnings(a, inst, mode, opStart)
  }
  let size = 0
  switch (mode) {
    case ACC:
      size = 1
      if (a.pass === 1) a.putbyte(a.loccnt, opcode)
      break
    case IMM:
    case ZP:
    case ZP_X:
    case ZP_Y:
    case ZP_IND:
    case ZP_IND_X:
    case ZP_IND_Y:
      size = 2
      if (a.pass === 1) {
        a.putbyte(a.loccnt, opcode)
        a.putbyte(a.loccnt + 1, a.value)
      }
      break
    case ABS:
    case ABS_X:
    case ABS_Y:
    case ABS_IND:
    case ABS_IND_X:
      size = 3
      if (a.pass === 1) {
        a.putbyte(a.loccnt, opcode)
        a.putword(a.loccnt + 1, a.value)
      }
      break
  }
  a.loccnt += size
  if (ctx.autoInc) {
    if (a.pass === 1) a.putbyte(a.loccnt, ctx.autoInc)
    a.loccnt++
  }
  if (a.pass === 1) a.println()
}

/** Our warnings for NESASM's classic traps (pass 2 only; they never change the output). */
function trapWarnings(a: Asm, inst: Instruction, mode: number, opStart: number): void {
  const c = a.ln[opStart] ?? 0
  if (c === 40) {
    if (inst.name === 'JMP') {
      a.warn(
        'JmpParenIsNotIndirect',
        'NESASM reads "jmp (addr)" as an absolute jump: round brackets only group; write "jmp [addr]" for an indirect jump',
        opStart,
      )
    } else if (mode & (ABS_X | ABS_Y | ABS)) {
      a.warn(
        'ParenIsNotIndirect',
        'round brackets only group in NESASM: this is absolute addressing, not indirect; write "[ptr],y" or "[ptr,x]" for indirect',
        opStart,
      )
    }
    return
  }
  if (mode & (ABS | ABS_X | ABS_Y) && a.undef === 0 && a.value >>> 0 < 0x100) {
    const zpBit = mode === ABS ? ZP : mode === ABS_X ? ZP_X : ZP_Y
    // once per symbol (or per constant value): a program can use the same variable hundreds of times
    const key = a.exprLablcnt === 1 && a.exprLablptr ? a.exprLablptr.name : `$${a.value}`
    if (inst.flags & zpBit && !a.warnedOnce.has(key)) {
      a.warnedOnce.add(key)
      a.warn(
        'AbsoluteForZeroPage',
        `NESASM never picks zero page by itself: ${key.startsWith('$') ? 'this address' : `'${key}'`} is below $100 but is assembled as absolute (3 bytes); write "<" before it for zero page (reported once)`,
        opStart,
      )
    }
  }
}

/** getoperand(): parses an operand and returns the addressing mode bit (0 after an error). */
export function getOperand(
  a: Asm,
  s: ExprState,
  flag: number,
  last: number,
  ctx: OpContext,
): number {
  ctx.autoInc = 0
  while (isSpace(a.ln[a.ip] ?? 0)) a.ip++
  let c = a.ln[a.ip] ?? 0
  let mode = 0
  if (c === 0 || c === 59) {
    a.error('Operand missing!', a.ip)
    return 0
  }
  const next = a.ln[a.ip + 1] ?? 0
  if ((c === 65 || c === 97) && (isSpace(next) || next === 0 || next === 59 || next === 44)) {
    mode = ACC
    a.ip++
  } else {
    if (c === 35) {
      mode = IMM
      a.ip++
    } else if (c === 60) {
      mode = ZP | ZP_X | ZP_Y
      a.ip++
    } else if (c === 91) {
      mode = ABS_IND | ABS_IND_X | ZP_IND | ZP_IND_X | ZP_IND_Y
      a.ip++
    } else {
      mode = ABS | ABS_X | ABS_Y
    }
    if (!evaluate(a, s, 0)) return 0
    mode = addressingSuffix(a, mode, ctx)
    if (a.pass === 1) checkValue(a, mode, flag, ctx)
  }
  mode &= flag
  if (!mode) {
    a.error(
      'Incorrect addressing mode!',
      a.stmtCol,
      `this addressing mode is not available for this instruction`,
    )
    return 0
  }
  while (isSpace(a.ln[a.ip] ?? 0)) a.ip++
  c = a.ln[a.ip] ?? 0
  if (last === 59) {
    if (c !== 59 && c !== 0) {
      a.error('Syntax error!', a.ip)
      return 0
    }
    a.ip++
  } else if (last === 44) {
    if (c !== 44) {
      a.error('Operand missing!', a.ip)
      return 0
    }
    a.ip++
  }
  return mode
}

/** Reads what follows the expression (`,X`, `],Y`, `++`...) and narrows the mode like NESASM. */
function addressingSuffix(a: Asm, mode: number, ctx: OpContext): number {
  let code = 0
  let end = false
  let pos = 0
  const ln = a.ln
  while (!end) {
    const c = ln[a.ip] ?? 0
    if (c === 59 || c === 0) break
    let step = 0
    if (c === 44) {
      if (!pos) pos = a.ip
      else {
        end = true
        break
      }
      step = 5
    } else if (c === 43) step = 4
    else if (c === 93) step = 3
    else if ((c & ~32) === 88) step = 2
    else if ((c & ~32) === 89) step = 1
    else if (c === 32 || c === 9) {
      a.ip++
      continue
    } else {
      code = 0xffffff
      end = true
      break
    }
    if (c === 93 && (ln[a.ip + 1] ?? 0) === 46) {
      code += 1
      end = true
      break
    }
    code = (code + step) << 4
    a.ip++
  }
  if (code === 0x000000) mode &= ABS | ZP | IMM
  else if (code === 0x000030) mode &= ZP_IND | ABS_IND
  else if (code === 0x000510) mode &= ABS_Y | ZP_Y
  else if (code === 0x000520) mode &= ABS_X | ZP_X
  else if (code === 0x005230) mode &= ZP_IND_X | ABS_IND_X
  else if (code === 0x003510) mode &= ZP_IND_Y
  else if (code === 0x051440) {
    mode &= ABS_Y | ZP_Y
    ctx.autoInc = 0xc8
  } else if (code === 0x052440) {
    mode &= ABS_X | ZP_X
    ctx.autoInc = 0xe8
  } else if (code === 0x351440) {
    mode &= ZP_IND_Y
    ctx.autoInc = 0xc8
  } else {
    mode &= ABS | ZP | IMM
    if (pos) a.ip = pos
  }
  return mode
}

function checkValue(a: Asm, mode: number, flag: number, ctx: OpContext): void {
  const v = a.value >>> 0
  if (mode & (ZP | ZP_X | ZP_Y | ZP_IND | ZP_IND_X | ZP_IND_Y) & flag) {
    if (ctx.opext && !ctx.autoInc) {
      if (mode & (ZP_IND | ZP_IND_X | ZP_IND_Y)) {
        a.error('Instruction extension not supported in indirect modes!')
      }
      if (ctx.opext === 72) a.value = (a.value + 1) | 0
    }
    if ((a.value >>> 0) & 0xffffff00) {
      a.error(
        'Incorrect zero page address!',
        a.stmtCol,
        `zero-page address ${hex(a.value)} is above $FF`,
      )
    }
  } else if (mode & IMM & flag) {
    if (ctx.opext === 76) a.value &= 0xff
    else if (ctx.opext === 72) a.value = (a.value & 0xff00) >> 8
    else if (v > 0xff && v < 0xffffff00) {
      a.error(
        'Incorrect immediate value!',
        a.stmtCol,
        `immediate value ${a.value} does not fit in a byte (-256..255)`,
      )
    }
  } else if (mode & (ABS | ABS_X | ABS_Y | ABS_IND | ABS_IND_X) & flag) {
    if (ctx.opext && !ctx.autoInc) {
      if (mode & (ABS_IND | ABS_IND_X)) {
        a.error('Instruction extension not supported in indirect modes!')
      }
      if (ctx.opext === 72) a.value = (a.value + 1) | 0
    }
    if ((a.value >>> 0) & 0xffff0000) {
      a.error(
        'Incorrect absolute address!',
        a.stmtCol,
        `address ${hex(a.value)} is outside $0000..$FFFF`,
      )
    }
  }
}

function hex(v: number): string {
  return v < 0 ? String(v) : '$' + v.toString(16).toUpperCase()
}
