// Optional write protection (LIBRARY_TOKEN) for servers not on a trusted network: uploads, deletes,
// saves and states need the token, as `Authorization: Bearer <token>` or the cookie of an unlock
// session that POST /api/unlock opens (unlock-sessions.ts; DELETE /api/unlock ends it). Wrong tokens
// are slowed down per client (unlock-attempts.ts). Reads stay open. Unset by default: the app has no
// accounts.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import type { UnlockStatus } from '@nes-studio/shared'
import { HttpError } from '../errors'
import type { UnlockSessionStore } from '../storage/unlock-session-store'
import { routedPath } from './request-path'
import { clientKey } from './client-key'
import { UnlockAttempts } from './unlock-attempts'
import type { UnlockAttemptsOptions } from './unlock-attempts'
import { UnlockSessions } from './unlock-sessions'
import { sameSecret } from './same-secret'

export const UNLOCK_COOKIE = 'nes_library_unlock'
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])
const unlockBodySchema = z.object({ token: z.string().min(1).max(1000) })

function cookieOf(request: FastifyRequest, name: string): string | undefined {
  for (const pair of (request.headers.cookie ?? '').split(';')) {
    const eq = pair.indexOf('=')
    if (eq > 0 && pair.slice(0, eq).trim() === name) return pair.slice(eq + 1).trim()
  }
  return undefined
}

function bearerOf(request: FastifyRequest): string | undefined {
  // The scheme's name is case-insensitive (RFC 9110, 11.1).
  return /^bearer\s+(.+)$/i.exec(request.headers.authorization ?? '')?.[1]?.trim()
}

/** `Secure` when the request came over HTTPS (behind a proxy: one in TRUSTED_PROXIES said so). */
function setCookie(reply: FastifyReply, request: FastifyRequest, value: string, maxAge?: number) {
  const secure = request.protocol === 'https' ? '; Secure' : ''
  const age = maxAge === undefined ? '' : `; Max-Age=${maxAge}`
  reply.header(
    'set-cookie',
    `${UNLOCK_COOKIE}=${value}; Path=/api; HttpOnly; SameSite=Strict${secure}${age}`,
  )
}

function tooManyAttempts(waitMs: number): HttpError {
  const seconds = Math.ceil(waitMs / 1000)
  return new HttpError(
    429,
    'TooManyAttempts',
    `Too many wrong library tokens from this address. Wait ${seconds} s before trying again.`,
    { 'retry-after': String(seconds) },
  )
}

const writeProtected = () =>
  new HttpError(
    401,
    'TokenRequired',
    'This library is write-protected. Unlock it with the library token (LIBRARY_TOKEN on the server), ' +
      'or send it as "Authorization: Bearer <token>".',
  )

export interface LibraryTokenOptions {
  /** LIBRARY_TOKEN; unset leaves every write open. */
  token: string | undefined
  /** Where unlock sessions are kept: the library's database. */
  sessions: UnlockSessionStore
  attempts?: UnlockAttemptsOptions
}

/** Checks a token a client sent: 429 while it must wait, and every wrong one counts. */
function tokenChecker(token: string, attempts: UnlockAttempts) {
  return (request: FastifyRequest, sent: string): boolean => {
    const key = clientKey(request.ip)
    const wait = attempts.waitMs(key)
    if (wait > 0) throw tooManyAttempts(wait)
    if (!sameSecret(sent, token)) {
      attempts.failed(key)
      return false
    }
    attempts.succeeded(key)
    return true
  }
}

export async function installLibraryToken(
  app: FastifyInstance,
  opts: LibraryTokenOptions,
): Promise<void> {
  const { token } = opts
  const sessions = token === undefined ? undefined : new UnlockSessions(opts.sessions, token)
  // Sessions opened with an earlier token end now, for good.
  await sessions?.endOthers()
  const checkToken =
    token === undefined ? undefined : tokenChecker(token, new UnlockAttempts(opts.attempts))

  const isUnlocked = async (request: FastifyRequest): Promise<boolean> => {
    if (!sessions || !checkToken) return true
    const bearer = bearerOf(request)
    if (bearer !== undefined && checkToken(request, bearer)) return true
    const cookie = cookieOf(request, UNLOCK_COOKIE)
    return cookie !== undefined && (await sessions.isOpen(cookie))
  }

  app.get('/api/unlock', async (request): Promise<UnlockStatus> => ({
    required: token !== undefined,
    unlocked: await isUnlocked(request),
  }))
  app.post('/api/unlock', async (request, reply) => {
    const parsed = unlockBodySchema.safeParse(request.body)
    if (!parsed.success) {
      throw new HttpError(400, 'BadRequest', 'Send {"token": "<the library token>"} as JSON.')
    }
    if (!sessions || !checkToken) return reply.status(204).send()
    if (!checkToken(request, parsed.data.token)) {
      throw new HttpError(
        401,
        'TokenRequired',
        'That is not the library token. Check it and try again.',
      )
    }
    // A session cookie: gone when the browser closes, and ended on the server at the latest after
    // UNLOCK_SESSION_LIFETIME_MS.
    setCookie(reply, request, await sessions.open())
    return reply.status(204).send()
  })
  app.delete('/api/unlock', async (request, reply) => {
    const cookie = cookieOf(request, UNLOCK_COOKIE)
    if (sessions && cookie !== undefined) await sessions.end(cookie)
    setCookie(reply, request, '', 0)
    return reply.status(204).send()
  })
  if (token === undefined) return
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return
    // The route that will run decides, not the raw URL: `/%61pi/roms` is routed to /api/roms.
    const urlPath = request.routeOptions.url ?? routedPath(request.url)
    if (urlPath === '/api/unlock' || !urlPath.startsWith('/api/')) return
    if (!(await isUnlocked(request))) throw writeProtected()
  })
}
