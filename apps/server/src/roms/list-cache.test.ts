import { gunzipSync, brotliDecompressSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { ListCache, pickEncoding } from './list-cache'

describe('pickEncoding', () => {
  it('prefers br, then gzip, and honours q=0', () => {
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br')
    expect(pickEncoding('gzip;q=0.8, br;q=0')).toBe('gzip')
    expect(pickEncoding('deflate')).toBe('identity')
    expect(pickEncoding(undefined)).toBe('identity')
  })
})

describe('ListCache', () => {
  it('builds once per etag and compresses each encoding once', async () => {
    const cache = new ListCache()
    let builds = 0
    const json = JSON.stringify({ roms: Array.from({ length: 200 }, (_, i) => ({ id: i })) })
    const build = async () => {
      builds++
      return json
    }
    const br = await cache.get('"a"', 'br', build)
    const gz = await cache.get('"a"', 'gzip', build)
    const plain = await cache.get('"a"', 'identity', build)
    expect(builds).toBe(1)
    expect(brotliDecompressSync(br.body).toString()).toBe(json)
    expect(gunzipSync(gz.body).toString()).toBe(json)
    expect(plain).toEqual({ body: Buffer.from(json), encoding: 'identity' })
    expect((await cache.get('"a"', 'br', build)).body).toBe(br.body)
    await cache.get('"b"', 'identity', build)
    expect(builds).toBe(2)
  })

  it('shares one build between concurrent requests and forgets a failed one', async () => {
    const cache = new ListCache()
    let builds = 0
    const slow = async () => {
      builds++
      await new Promise((r) => setTimeout(r, 10))
      return '{"roms":[]}'
    }
    await Promise.all([cache.get('"c"', 'identity', slow), cache.get('"c"', 'br', slow)])
    expect(builds).toBe(1)
    const failing = async (): Promise<string> => {
      throw new Error('db down')
    }
    await expect(cache.get('"d"', 'identity', failing)).rejects.toThrow('db down')
    expect((await cache.get('"d"', 'identity', slow)).body.toString()).toBe('{"roms":[]}')
  })

  it('sends small bodies uncompressed', async () => {
    const small = await new ListCache().get('"x"', 'br', async () => '{"roms":[]}')
    expect(small.encoding).toBe('identity')
  })
})
