import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadConfig } from './config'

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({})
    expect(c).toMatchObject({
      port: 5000,
      host: '0.0.0.0',
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      maxRomBytes: 8 * 1024 * 1024,
      trustedOrigins: [],
      allowedHosts: [],
      trustedProxies: [],
      pgPoolMax: 10,
      uploadStallMs: 10_000,
    })
    expect(c.clientDir.endsWith(path.join('apps', 'client', 'dist'))).toBe(true)
  })

  it('reads the environment', () => {
    const c = loadConfig({
      PORT: '5123',
      HOST: '127.0.0.1',
      DATA_DIR: '/tmp/x',
      DATABASE_URL: 'postgres://u@h/db',
      MAX_ROM_BYTES: '2048',
      TRUSTED_ORIGINS: 'https://a.example, https://b.example',
      ALLOWED_HOSTS: 'nes.example.com, .lan',
      TRUSTED_PROXIES: '127.0.0.1, 10.0.0.0/8, ::1, fd00::/8, loopback',
      UPLOAD_STALL_MS: '2500',
    })
    expect(c).toMatchObject({
      port: 5123,
      host: '127.0.0.1',
      dataDir: '/tmp/x',
      databaseUrl: 'postgres://u@h/db',
      maxRomBytes: 2048,
      trustedOrigins: ['https://a.example', 'https://b.example'],
      allowedHosts: ['nes.example.com', '.lan'],
      trustedProxies: ['127.0.0.1', '10.0.0.0/8', '::1', 'fd00::/8', 'loopback'],
      uploadStallMs: 2500,
    })
  })

  it('rejects nonsense with the variable named', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/)
    expect(() => loadConfig({ MAX_ROM_BYTES: '10' })).toThrow(/MAX_ROM_BYTES/)
    for (const url of ['not-a-url', 'http://db.example/library', 'postgres://']) {
      expect(() => loadConfig({ DATABASE_URL: url })).toThrow(
        /DATABASE_URL: must be a PostgreSQL URL such as postgres:\/\/user:password@host:5432\/database/,
      )
    }
    for (const proxies of ['proxy.lan', '10.0.0.0/33', '1.2.3.4/8/9', 'true']) {
      expect(() => loadConfig({ TRUSTED_PROXIES: proxies })).toThrow(/TRUSTED_PROXIES: must list/)
    }
    expect(loadConfig({ DATABASE_URL: 'postgresql://db.example/x' }).databaseUrl).toBe(
      'postgresql://db.example/x',
    )
  })
})
