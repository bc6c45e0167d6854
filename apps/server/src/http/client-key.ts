// Which client a request comes from, for limits kept per client (wrong library tokens, upload memory):
// the address Fastify gives (behind a proxy in TRUSTED_PROXIES, the one it forwards).
import { isIPv6 } from 'node:net'

/** The part of an address one client holds: the address, or the /64 of an IPv6 address. */
export function clientKey(ip: string): string {
  const address = ip.replace(/%.*$/, '').toLowerCase()
  if (address.startsWith('::ffff:') && address.includes('.')) return address.slice(7)
  if (!isIPv6(address)) return address
  const [head = '', tail] = address.split('::')
  const left = head ? head.split(':') : []
  const right = tail ? tail.split(':') : []
  const groups =
    tail === undefined
      ? left
      : [...left, ...Array(8 - left.length - right.length).fill('0'), ...right]
  return `${groups
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`
}
