// Response headers every reply carries, and the same-origin rule for writes.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { HttpError } from '../errors'
import { hostNotAllowedMessage, isAllowedHost } from './host-allowlist'

/**
 * The page may load code, styles, media and frames only from this origin, plus `blob:`/`data:` URLs that
 * EmulatorJS builds at run time. EmulatorJS compiles the core with WebAssembly and evaluates its
 * generated glue, hence `'wasm-unsafe-eval'` and `'unsafe-eval'`. Nothing may leave the origin: this
 * also blocks EmulatorJS's CDN fallbacks and update check (see notes/emulatorjs.md).
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self' blob: data:",
  "script-src 'self' blob: 'wasm-unsafe-eval' 'unsafe-eval'",
  "style-src 'self' 'unsafe-inline' blob: data:",
  "img-src 'self' blob: data:",
  "media-src 'self' blob: data:",
  "font-src 'self' data:",
  "connect-src 'self' blob: data:",
  "worker-src 'self' blob:",
  "frame-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join('; ')

export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'SAMEORIGIN',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * A browser marks a cross-site write with `Sec-Fetch-Site` and/or `Origin`. Requests without either
 * (curl, server-to-server) are not from a browser page and are allowed.
 */
export function isCrossSiteWrite(
  request: FastifyRequest,
  trustedOrigins: readonly string[],
): boolean {
  if (SAFE_METHODS.has(request.method)) return false
  return isCrossSiteRequest(request, trustedOrigins)
}

/**
 * The same rule for a request of any method: a WebSocket upgrade is a GET, but the socket it opens
 * writes (browsers send `Origin` with every upgrade, and no CORS check protects a socket).
 */
export function isCrossSiteRequest(
  request: FastifyRequest,
  trustedOrigins: readonly string[],
): boolean {
  const fetchSite = request.headers['sec-fetch-site']
  if (fetchSite !== undefined && fetchSite !== 'same-origin' && fetchSite !== 'none') return true
  const origin = request.headers.origin
  if (origin === undefined) return false
  if (trustedOrigins.includes(origin)) return false
  let originHost: string
  try {
    originHost = new URL(origin).host
  } catch {
    return true // "null" or garbage: an opaque origin is never ours
  }
  return originHost !== request.headers.host
}

export interface SecurityOptions {
  /** Origins besides the request's own Host that may send writes. */
  trustedOrigins: readonly string[]
  /** Host names served besides IP literals and localhost (see host-allowlist.ts). */
  allowedHosts: readonly string[]
}

export function installSecurity(app: FastifyInstance, opts: SecurityOptions): void {
  const { trustedOrigins, allowedHosts } = opts
  app.addHook('onRequest', async (request, reply) => {
    reply.headers(SECURITY_HEADERS)
    // A request without Host (HTTP/1.0) names no host a rebinding page could have used.
    const host = request.headers.host
    if (host !== undefined && !isAllowedHost(host, allowedHosts)) {
      throw new HttpError(403, 'HostNotAllowed', hostNotAllowedMessage(host))
    }
    if (isCrossSiteWrite(request, trustedOrigins)) {
      throw new HttpError(
        403,
        'CrossSiteRequest',
        'This change was sent from another site and was refused. Use the nes-studio page itself.',
      )
    }
  })
}
