// The 26 columns NESASM puts before each line of its listing and of its error reports: the line
// number, the `BB:AAAA` location (loadlc pos 0) and a value or the bytes produced (pos 1).
//
// Both passes keep it up to date, but it is only ever read when a line is listed or reported. So
// it is built lazily: a new line only marks it blank, and without a listing a location or value is
// only remembered (the last of each kind: they write fixed columns) and written when it is read.
import { RESERVED_BANK } from './symbols'

const HEX = '0123456789ABCDEF'

export class LinePrefix {
  readonly bytes = new Uint8Array(26)
  /** The saved prefix of the first line of a continued statement. */
  private readonly saved = new Uint8Array(26)
  private lineNo = 0
  /** Blank except for the line number (not written yet). */
  private fresh = true
  private pending0 = false
  private pendingBank = 0
  private pendingOffset = 0
  private pending1 = false
  private pendingValue = 0

  /** Writes what is pending into `bytes`; call before reading or writing them. */
  touch(): void {
    if (this.fresh) {
      this.bytes.fill(32)
      let t = this.lineNo
      let i = 4
      while (t !== 0 && i >= 0) {
        this.bytes[i--] = 48 + (t % 10)
        t = Math.floor(t / 10)
      }
      this.fresh = false
    }
    if (this.pending0) {
      this.pending0 = false
      this.write(this.pendingOffset, 0, this.pendingBank)
    }
    if (this.pending1) {
      this.pending1 = false
      this.write(this.pendingValue, 1, 0)
    }
  }

  /** A new line (NESASM's readline fills the prefix with blanks and the line number). */
  reset(lineNo: number): void {
    this.lineNo = lineNo
    this.fresh = true
    this.pending0 = false
    this.pending1 = false
  }

  /** All blank (clearln). */
  clear(): void {
    this.fresh = false
    this.pending0 = false
    this.pending1 = false
    this.bytes.fill(32)
  }

  /**
   * loadlc(): `BB:AAAA` at column 8 (pos 0: `offset` already includes the page) or a 4-digit value
   * at column 17 (pos 1). `later`: only remember it until the prefix is read.
   */
  loadlc(offset: number, pos: 0 | 1, bank: number, later: boolean): void {
    if (!later) {
      this.touch()
      this.write(offset, pos, bank)
    } else if (pos === 0) {
      this.pending0 = true
      this.pendingBank = bank
      this.pendingOffset = offset
    } else {
      this.pending1 = true
      this.pendingValue = offset
    }
  }

  private write(offset: number, pos: 0 | 1, bank: number): void {
    let i = pos ? 16 : 7
    if (pos === 0) {
      if (bank >= RESERVED_BANK) {
        this.bytes[i++] = 45
        this.bytes[i++] = 45
      } else {
        this.hex(2, bank, i)
        i += 2
      }
      this.bytes[i++] = 58
    }
    this.hex(4, offset, i)
  }

  /** Two hex digits of a listed byte at column 17 + 3 * `slot` (`--` without a ROM bank). */
  putByte(slot: number, b: number, noBank: boolean): void {
    const at = 16 + 3 * slot
    this.bytes[at] = noBank ? 45 : HEX.charCodeAt(b >> 4)
    this.bytes[at + 1] = noBank ? 45 : HEX.charCodeAt(b & 15)
  }

  private hex(digits: number, num: number, at: number): void {
    for (let d = digits - 1; d >= 0; d--) {
      this.bytes[at + d] = HEX.charCodeAt(num & 15)
      num >>= 4
    }
  }

  writeLineNumber(n: number): void {
    this.touch()
    let i = 4
    while (n !== 0 && i >= 0) {
      this.bytes[i--] = 48 + (n % 10)
      n = Math.floor(n / 10)
    }
  }

  /** Keeps the prefix of the first line of a continued statement. */
  save(): void {
    this.touch()
    this.saved.set(this.bytes)
  }

  /** Goes back to the saved prefix. */
  restore(): void {
    this.touch()
    this.bytes.set(this.saved)
  }

  /** The 26 columns as text. */
  text(): string {
    this.touch()
    return String.fromCharCode.apply(null, this.bytes as unknown as number[])
  }
}
