// Optional write protection (LIBRARY_TOKEN) for servers not on a trusted network: uploads, deletes,
// saves and states need the token, as `Authorization: Bearer <token>` or the session cookie that
// POST /api/unlock sets. Reads stay open. Unset by default: the app has no accounts.
import { createHmac, timingSafeEqual } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import type { UnlockStatus } from '@nes-studio/shared'
import { HttpError } from '../errors'
import { routedPath } from './request-path'

export const UNLOCK_COOKIE = 'nes_library_unlock'
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])
const unlockBodySchema = z.object({ token: z.string().min(1).max(1000) })

/** The cookie carries a keyed hash of the token, never the token itself. */
function sessionValue(token: string): string {
  return createHmac('sha256', token).update('nes-studio library unlock').digest('base64url')
}

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}

function cookieOf(request: FastifyRequest, name: string): string | undefined {
  for (const pair of (request.headers.cookie ?? '').split(';')) {
    const eq = pair.indexOf('=')
    if (eq > 0 && pair.slice(0, eq).trim() === name) return pair.slice(eq + 1).trim()
  }
  return undefined
}

function isUnlocked(request: FastifyRequest, token: string): boolean {
  // The scheme's name is case-insensitive (RFC 9110, 11.1).
  const bearer = /^bearer\s+(.+)$/i.exec(request.headers.authorization ?? '')
  if (bearer?.[1] !== undefined && sameSecret(bearer[1].trim(), token)) return true
  const cookie = cookieOf(request, UNLOCK_COOKIE)
  return cookie !== undefined && sameSecret(cookie, sessionValue(token))
}

function setCookie(reply: FastifyReply, request: FastifyRequest, value: string, maxAge?: number) {
  const secure = request.protocol === 'https' ? '; Secure' : ''
  const age = maxAge === undefined ? '' : `; Max-Age=${maxAge}`
  reply.header(
    'set-cookie',
    `${UNLOCK_COOKIE}=${value}; Path=/api; HttpOnly; SameSite=Strict${secure}${age}`,
  )
}

export function installLibraryToken(app: FastifyInstance, token: string | undefined): void {
  app.get('/api/unlock', async (request): Promise<UnlockStatus> => ({
    required: token !== undefined,
    unlocked: token === undefined || isUnlocked(request, token),
  }))
  app.post('/api/unlock', async (request, reply) => {
    const parsed = unlockBodySchema.safeParse(request.body)
    if (!parsed.success) {
      throw new HttpError(400, 'BadRequest', 'Send {"token": "<the library token>"} as JSON.')
    }
    if (token === undefined) return reply.status(204).send()
    if (!sameSecret(parsed.data.token, token)) {
      throw new HttpError(
        401,
        'TokenRequired',
        'That is not the library token. Check it and try again.',
      )
    }
    setCookie(reply, request, sessionValue(token)) // a session cookie: gone when the browser closes
    return reply.status(204).send()
  })
  app.delete('/api/unlock', async (request, reply) => {
    setCookie(reply, request, '', 0)
    return reply.status(204).send()
  })
  if (token === undefined) return
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return
    // The route that will run decides, not the raw URL: `/%61pi/roms` is routed to /api/roms.
    const urlPath = request.routeOptions.url ?? routedPath(request.url)
    if (urlPath === '/api/unlock' || !urlPath.startsWith('/api/')) return
    if (!isUnlocked(request, token)) {
      throw new HttpError(
        401,
        'TokenRequired',
        'This library is write-protected. Unlock it with the library token (LIBRARY_TOKEN on the server), ' +
          'or send it as "Authorization: Bearer <token>".',
      )
    }
  })
}
