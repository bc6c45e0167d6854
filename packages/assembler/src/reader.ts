// Line input: reads the next line from the include stack or from the macro being expanded
// (with \1..\9, \#, \?n and \@ substituted), and opens/closes include files as NESASM does.
import type { Asm } from './context'
import { EMPTY_LINE } from './context'
import type { DecodeSlots } from './decode'
import { WHOLE_LINE_STABLE } from './decode'
import { isAlnum, isDigit, isSpace, stlook } from './labels'
import { MAX_LINE_TEXT, blankLine, splitSource } from './source'
import type { Line, SourceFile } from './source'
import { IFUNDEF, RESERVED_BANK, UNDEF } from './symbols'

const MACRO_LINE_MAX = MAX_LINE_TEXT - 1

/**
 * Looks a file up in the project's file set. NESASM opens names relative to its working
 * directory; the project root plays that part (NESASM run from the root). When the name is not
 * there, it is tried relative to the main file's folder (NESASM run inside that folder, as most
 * projects are built), then relative to the folder of the file being read.
 */
export function findFile(a: Asm, name: string): { key: string; bytes: Uint8Array } | null {
  const hit = lookUp(a.files, name)
  if (hit || name.startsWith('/')) return hit
  const mainDir = folderOf(a.mainName)
  if (mainDir) {
    const inMain = lookUp(a.files, mainDir + name)
    if (inMain) return inMain
  }
  const cur = a.inputs[a.infileNum]
  const curDir = cur ? folderOf(cur.src.path) : ''
  if (curDir && curDir !== mainDir) return lookUp(a.files, curDir + name)
  return null
}

function lookUp(
  files: Record<string, Uint8Array>,
  name: string,
): { key: string; bytes: Uint8Array } | null {
  const direct = files[name]
  if (direct) return { key: name, bytes: direct }
  const norm = normalizePath(name)
  const hit = files[norm]
  if (hit) return { key: norm, bytes: hit }
  return null
}

/** The folder part of a path, with its trailing slash ('' for a file at the root). */
function folderOf(path: string): string {
  return path.slice(0, path.lastIndexOf('/') + 1)
}

/**
 * Resolves `.` and `..` segments the way the file system would (no case folding). A backslash
 * separates folders as `/` does: NESASM on Windows reads `.include "..\lib\x.asm"` so.
 */
function normalizePath(p: string): string {
  const parts: string[] = []
  for (const seg of p.split(/[/\\]/)) {
    if (seg === '' || seg === '.') continue
    if (seg === '..' && parts.length > 0 && parts[parts.length - 1] !== '..') parts.pop()
    else parts.push(seg)
  }
  return parts.join('/')
}

/** Split files by their bytes object (and a checksum, in case the caller reuses the array). */
const splitCache = new WeakMap<Uint8Array, { sum: number; src: SourceFile }>()

function checksum(b: Uint8Array): number {
  let h = b.length
  let i = 0
  if ((b.byteOffset & 3) === 0) {
    // four bytes at a time where the array is aligned
    const words = new Int32Array(b.buffer, b.byteOffset, b.length >> 2)
    for (; i < words.length; i++) h = (Math.imul(h, 31) + (words[i] ?? 0)) | 0
    i <<= 2
  }
  for (; i < b.length; i++) h = (Math.imul(h, 31) + (b[i] ?? 0)) | 0
  return h
}

function getSource(a: Asm, name: string): SourceFile | null {
  const f = findFile(a, name)
  if (!f) return null
  const cacheKey = f.key === name ? name : `${f.key}\n${name}`
  const cached = a.sources.get(cacheKey)
  if (cached) return cached
  let src: SourceFile
  if (a.opts.reuseSplits === false) src = splitSource(name, f.bytes)
  else {
    const sum = checksum(f.bytes)
    const hit = splitCache.get(f.bytes)
    if (hit && hit.sum === sum) src = hit.src
    else {
      src = splitSource(name, f.bytes)
      splitCache.set(f.bytes, { sum, src })
    }
  }
  if (src.name !== name || src.path !== f.key) src = { ...src, name, path: f.key }
  a.sources.set(cacheKey, src)
  return src
}

/** Adds `.asm` when the last path component has no extension (NESASM's rule). */
export function withAsmExtension(name: string): string {
  const dot = name.lastIndexOf('.')
  if (dot < 0 || name.indexOf('/', dot) >= 0) return name + '.asm'
  return name
}

/** open_input(): 1 = error reported, -1 = file not found, 0 = ok. */
export function openInput(a: Asm, name: string): number {
  if (a.infileNum === 7) {
    a.error('Too many include levels, max. 7!')
    return 1
  }
  const top = a.inputs[a.infileNum]
  if (top) top.lnum = a.slnum
  const full = withAsmExtension(name)
  for (let i = 1; i < a.infileNum; i++) {
    if (a.inputs[i]?.src.name === full) {
      a.error('Repeated include file!')
      return 1
    }
  }
  const src = getSource(a, full)
  if (!src) return -1
  a.slnum = 0
  a.infileNum++
  a.inputs[a.infileNum] = {
    src,
    next: 0,
    lnum: 0,
    ifLevel: a.ifLevel,
    decode: a.decodes.of(src.lines),
  }
  a.listFileHeader()
  return 0
}

/** close_input(): -1 when there is no more input (end of the main file or a fatal error). */
function closeInput(a: Asm): number {
  const f = a.inputs[a.infileNum]
  if (a.inMacro) {
    a.fatal(
      'Incomplete MACRO definition!',
      0,
      'end of file inside a macro definition (missing .endm)',
    )
    a.noteLast('the macro starts here', a.macroOpenedAt)
    return -1
  }
  if (f && f.ifLevel !== a.ifLevel) {
    a.fatal(
      'Incomplete IF/ENDIF statement!',
      0,
      'end of file inside a conditional block (missing .endif)',
    )
    a.noteLast('the unclosed .if is here', a.ifOpenedAt[a.ifLevel] ?? null)
    return -1
  }
  if (a.infileNum <= 1) return -1
  a.infileNum--
  a.infileError = -1
  const back = a.inputs[a.infileNum]
  a.slnum = back ? back.lnum : 0
  a.listFileHeader()
  return 0
}

/** readline(): loads the next line into `a.ln`; -1 at the end of input. */
export function readline(a: Asm): number {
  for (;;) {
    if (a.expandMacro) {
      if (a.mlLines === null || a.mlIdx >= a.mlLines.length) {
        for (;;) {
          a.midx--
          setMacroLines(a, a.mstackLines[a.midx] ?? null, a.mstackDecode[a.midx] ?? null)
          a.mlIdx = a.mstackIdx[a.midx] ?? 0
          a.mcounter = a.mcntstack[a.midx] ?? 0
          if (a.midx <= 0) {
            a.midx = 0
            setMacroLines(a, null, null)
            a.expandMacro = false
            break
          }
          if (a.mlLines !== null && a.mlIdx < a.mlLines.length) break
        }
      }
      if (a.mlLines !== null && a.mlIdx < a.mlLines.length) {
        const body = a.mlLines[a.mlIdx] ?? EMPTY_LINE
        a.lnDecode = a.mlDecode
        a.lnIdx = a.mlIdx
        a.mlIdx++
        a.resetPrefix(0)
        return expandMacroLine(a, body)
      }
    }
    const f = a.inputs[a.infileNum]
    if (!f) return -1
    a.slnum++
    a.resetPrefix(a.slnum)
    if (f.next >= f.src.lines.length) {
      a.ln = ASM_EOF_LINE
      a.lnDecode = null
      if (closeInput(a) === -1) return -1
      continue
    }
    a.lnDecode = f.decode
    a.lnIdx = f.next
    a.lnStable = WHOLE_LINE_STABLE
    a.ln = f.src.lines[f.next++] ?? EMPTY_LINE
    return 0
  }
}

/** Starts reading the lines of a macro body (null: none). */
export function setMacroLines(a: Asm, lines: Line[] | null, decode: DecodeSlots | null): void {
  a.mlLines = lines
  a.mlDecode = decode
}

const ASM_EOF_LINE = blankLine(MAX_LINE_TEXT)

/**
 * Scratch line buffers for macro expansion, used in turn so that the previous line stays intact.
 * Everything after the NUL is kept zero, so reads past the text give 0 as with an exact buffer.
 */
const expandBufs = [new Uint8Array(2 * MAX_LINE_TEXT + 16), new Uint8Array(2 * MAX_LINE_TEXT + 16)]
const expandUsed = [0, 0]
let expandTurn = 0
let expandBuf = expandBufs[0] as Uint8Array

/** Starts writing an expanded line into the next scratch buffer. */
function beginExpand(): Uint8Array {
  expandTurn ^= 1
  expandBuf = expandBufs[expandTurn] as Uint8Array
  return expandBuf
}

/** Ends the expanded line at `n` (the NUL) and clears what the buffer held past it (`written` = bytes written). */
function takeExpanded(n: number, written = n): Line {
  const used = Math.max(expandUsed[expandTurn] ?? 0, written)
  expandBuf[n] = 0
  if (used > n + 1) expandBuf.fill(0, n + 1, used)
  expandUsed[expandTurn] = n + 1
  return expandBuf
}

function expandMacroLine(a: Asm, body: Line): number {
  let k = 0
  for (let c = body[0] ?? 0; c !== 0 && c !== 92; c = body[++k] ?? 0);
  if ((body[k] ?? 0) !== 92) {
    a.ln = body
    a.lnStable = WHOLE_LINE_STABLE
    return 0
  }
  // the text before the first backslash is the same in every expansion of the line
  a.lnStable = k
  const out = beginExpand()
  let n = 0
  const args = a.margs
  const level = a.midx
  const bodyEnd = body.length - 1
  let i = 0
  while (i < bodyEnd) {
    const c0 = body[i] ?? 0
    if (c0 !== 92) {
      out[n++] = c0
      i++
      continue
    }
    const c = body[i + 1] ?? 0
    i += 2
    let arg: string
    if (c >= 49 && c <= 57) {
      const len = args.length(level, c - 49)
      if (n + len >= MACRO_LINE_MAX) {
        a.ln = takeExpanded(n)
        a.error('Invalid line length!')
        return -1
      }
      n = args.copyInto(level, c - 49, out, n)
      continue
    }
    if (c === 64) {
      if (a.mcounter < 100000 && n + 5 < MACRO_LINE_MAX) {
        // the five-digit counter, written in place
        let v = a.mcounter
        for (let d = 4; d >= 0; d--) {
          out[n + d] = 48 + (v % 10)
          v = (v / 10) | 0
        }
        n += 5
        continue
      }
      arg = a.mcounter < 100000 ? String(100000 + a.mcounter).slice(1) : String(a.mcounter)
    } else if (c === 35) {
      let j = 9
      for (; j > 0; j--) if (args.length(level, j - 1)) break
      arg = String(j)
    } else if (c === 63) {
      const d = body[i] ?? 0
      i++
      if (d >= 49 && d <= 57) {
        arg = String(macroArgType(a, args.text(level, d - 49)))
      } else {
        a.ln = takeExpanded(n)
        a.error('Invalid macro argument index!')
        return -1
      }
    } else {
      a.ln = takeExpanded(n)
      a.error('Invalid macro argument index!')
      return -1
    }
    if (n + arg.length >= MACRO_LINE_MAX) {
      a.ln = takeExpanded(n)
      a.error('Invalid line length!')
      return -1
    }
    for (let k = 0; k < arg.length; k++) out[n++] = arg.charCodeAt(k)
  }
  a.ln = takeExpanded(n > MACRO_LINE_MAX ? MACRO_LINE_MAX : n, n)
  return 0
}

/** The `\?n` type code, including NESASM's look-up of the name without its first character. */
export function macroArgType(a: Asm, arg: string): number {
  let p = 0
  while (isSpace(arg.charCodeAt(p) | 0)) p++
  const first = arg.charCodeAt(p) | 0
  const rest = arg.slice(p + 1)
  switch (first) {
    case 0:
      return 0
    case 34:
      return 5
    case 35:
      return 2
    case 91:
      return 4
  }
  const up = first & ~32
  if ((up === 65 || up === 88 || up === 89) && rest.length === 0) return 1
  let i = 0
  let c = 0
  for (; i < 32; i++) {
    c = rest.charCodeAt(i) | 0
    if (isDigit(c) && i === 0) break
    if (!isAlnum(c) && c !== 95 && c !== 46) break
  }
  if (i === 0 || c !== 0) return 3
  const sym = stlook(a, rest.slice(0, Math.min(i, 31)), false)
  if (!sym || sym.type === UNDEF || sym.type === IFUNDEF) return 6
  return sym.bank === RESERVED_BANK ? 3 : 6
}
