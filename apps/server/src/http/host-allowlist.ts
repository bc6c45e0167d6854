// DNS rebinding guard (the model is Vite's server.allowedHosts): a page on attacker.example whose name
// later resolves to this server sends `Host: attacker.example`, so only hosts we know are served.
import { isIP } from 'node:net'

/**
 * The host name of a `Host` header, lowercased, without port, brackets or a trailing dot; undefined
 * when the header cannot be a host.
 */
export function hostNameOf(hostHeader: string): string | undefined {
  const header = hostHeader.trim().toLowerCase()
  if (header.startsWith('[')) {
    const end = header.indexOf(']')
    if (end < 0) return undefined
    const rest = header.slice(end + 1)
    if (rest !== '' && !/^:\d*$/.test(rest)) return undefined
    return header.slice(1, end)
  }
  const match = /^([^:]*)(?::\d*)?$/.exec(header)
  const name = match?.[1]?.replace(/\.$/, '')
  return name ? name : undefined
}

/**
 * An allowlist entry is a host name (`nes.example.com`), or a name with a leading dot
 * (`.example.com`) that also admits every subdomain, as in Vite. `*` admits any host.
 */
export function isAllowedHost(hostHeader: string, allowedHosts: readonly string[]): boolean {
  if (allowedHosts.includes('*')) return true
  const name = hostNameOf(hostHeader)
  if (name === undefined) return false
  // An IP literal cannot be rebound: a page can only reach it under that very address.
  if (isIP(name) !== 0) return true
  if (name === 'localhost' || name.endsWith('.localhost')) return true
  return allowedHosts.some((entry) => {
    const allowed = entry.trim().toLowerCase().replace(/\.$/, '')
    if (allowed.startsWith('.')) return name === allowed.slice(1) || name.endsWith(allowed)
    return name === allowed
  })
}

export function hostNotAllowedMessage(hostHeader: string): string {
  const name = hostNameOf(hostHeader) ?? hostHeader
  return (
    `This server does not answer to the host name "${name}". If you reach it under that name, ` +
    `add it to ALLOWED_HOSTS (comma-separated, e.g. ALLOWED_HOSTS=${name}) and restart the server.`
  )
}
