import { expect, it } from 'vitest'
import { clientKey } from './client-key'
import { FREE_FAILURES, UnlockAttempts } from './unlock-attempts'

it('counts an IPv6 /64 as one client, an IPv4 address (also mapped into IPv6) as one', () => {
  expect(clientKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64')
  expect(clientKey('2001:db8:1:2:bbbb:cccc:dddd:eeee')).toBe('2001:db8:1:2::/64')
  expect(clientKey('2001:DB8::1')).toBe('2001:db8:0:0::/64')
  expect(clientKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64')
  expect(clientKey('::ffff:198.51.100.7')).toBe('198.51.100.7')
  expect(clientKey('198.51.100.7')).toBe('198.51.100.7')
})

it('lets a few wrong tokens through, then doubles the wait up to 15 minutes; a right one forgets', () => {
  let now = 0
  const attempts = new UnlockAttempts({ now: () => now })
  for (let i = 0; i < FREE_FAILURES; i++) {
    expect(attempts.waitMs('a')).toBe(0)
    attempts.failed('a')
  }
  expect(attempts.waitMs('a')).toBe(0)
  const waits: number[] = []
  for (let i = 0; i < 14; i++) {
    attempts.failed('a')
    waits.push(attempts.waitMs('a'))
    now += attempts.waitMs('a')
  }
  expect(waits.slice(0, 4)).toEqual([1000, 2000, 4000, 8000])
  expect(Math.max(...waits)).toBe(15 * 60 * 1000)
  expect(attempts.waitMs('b')).toBe(0)
  attempts.succeeded('a')
  attempts.failed('a')
  expect(attempts.waitMs('a')).toBe(0)
})
