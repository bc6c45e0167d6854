// clrmamepro text DATs: blocks of `key value` pairs in parentheses, values bare or "quoted" (with \"
// and \\ escapes):
//   clrmamepro ( name "Nintendo - NES" version 20240101 )
//   game ( name "Zelda (USA)" rom ( name "Zelda (USA).nes" size 131072 crc 3FE272FB sha1 A12D… ) )
// A small tokenizer and a block reader with a nesting limit; it yields to the event loop as it goes.
import { DatCollector } from './dat-collector'
import type { RawGame, RawRom } from './dat-collector'
import { DatError } from './dat-types'
import type { ParsedDat } from './dat-types'

type Token = { kind: 'open' | 'close' } | { kind: 'word'; text: string }

/** A block's contents: each key with a word or a nested block. */
type Block = [string, string | Block][]

/** Deepest nesting a DAT needs is 3 (game → rom → its fields); deeper is refused, not recursed into. */
const MAX_DEPTH = 4
const TOKENS_PER_SLICE = 50_000

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve))

class Tokenizer {
  private at = 0
  private line = 1

  constructor(private readonly text: string) {}

  fail(message: string): never {
    throw new DatError(`The clrmamepro DAT is malformed at line ${this.line}: ${message}.`)
  }

  next(): Token | undefined {
    const { text } = this
    while (this.at < text.length && /\s/.test(text[this.at] as string)) {
      if (text[this.at] === '\n') this.line++
      this.at++
    }
    const c = text[this.at]
    if (c === undefined) return undefined
    if (c === '(' || c === ')') {
      this.at++
      return { kind: c === '(' ? 'open' : 'close' }
    }
    return c === '"' ? this.quoted() : this.bare()
  }

  private quoted(): Token {
    let out = ''
    for (this.at++; this.at < this.text.length; this.at++) {
      const c = this.text[this.at] as string
      if (c === '"') {
        this.at++
        return { kind: 'word', text: out }
      }
      if (c === '\n') this.fail('a quoted value runs past the end of its line')
      if (c === '\\' && this.at + 1 < this.text.length) this.at++
      out += this.text[this.at]
    }
    return this.fail('a quoted value is not closed')
  }

  private bare(): Token {
    const start = this.at
    while (this.at < this.text.length && !/[\s()"]/.test(this.text[this.at] as string)) this.at++
    return { kind: 'word', text: this.text.slice(start, this.at) }
  }
}

class BlockReader {
  private tokens = 0

  constructor(private readonly tokenizer: Tokenizer) {}

  async next(): Promise<Token | undefined> {
    if (++this.tokens % TOKENS_PER_SLICE === 0) await yieldToEventLoop()
    return this.tokenizer.next()
  }

  /** The pairs up to the `)` closing a block whose `(` was just read. */
  async block(depth: number): Promise<Block> {
    if (depth > MAX_DEPTH) this.tokenizer.fail('blocks are nested deeper than a DAT needs')
    const pairs: Block = []
    for (;;) {
      const key = await this.next()
      if (key?.kind === 'close') return pairs
      if (key?.kind !== 'word')
        return this.tokenizer.fail(key ? 'a "(" where a key should be' : 'a block is not closed')
      const value = await this.next()
      if (value?.kind === 'word') pairs.push([key.text, value.text])
      else if (value?.kind === 'open') pairs.push([key.text, await this.block(depth + 1)])
      else this.tokenizer.fail(`"${key.text.slice(0, 40)}" has no value`)
    }
  }
}

const word = (block: Block, key: string) => {
  const value = block.find(([k]) => k === key)?.[1]
  return typeof value === 'string' ? value : undefined
}

function toGame(block: Block): RawGame {
  const roms: RawRom[] = block
    .filter((pair): pair is [string, Block] => pair[0] === 'rom' && typeof pair[1] !== 'string')
    .map(([, rom]) => ({ size: word(rom, 'size'), crc: word(rom, 'crc'), sha1: word(rom, 'sha1') }))
  return { name: word(block, 'name') ?? '', releaseRegions: [], roms }
}

export async function parseClrmameproDat(text: string, maxRoms?: number): Promise<ParsedDat> {
  // Typed, so that its fail() (which never returns) narrows the tokens checked with it.
  const tokenizer: Tokenizer = new Tokenizer(text)
  const reader = new BlockReader(tokenizer)
  const dat = new DatCollector('clrmamepro', maxRoms)
  for (let token = await reader.next(); token; token = await reader.next()) {
    if (token.kind !== 'word') tokenizer.fail('a block has no name')
    if ((await reader.next())?.kind !== 'open')
      tokenizer.fail(`"${token.text.slice(0, 40)}" is not followed by "("`)
    const block = await reader.block(1)
    if (token.text === 'clrmamepro') {
      dat.header = {
        name: word(block, 'name') ?? '',
        description: word(block, 'description') ?? null,
        version: word(block, 'version') ?? null,
      }
    } else if (token.text === 'game' || token.text === 'machine' || token.text === 'resource') {
      dat.addGame(toGame(block))
    }
  }
  return dat.result()
}
