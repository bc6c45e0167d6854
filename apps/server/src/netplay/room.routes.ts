// Online play over HTTP: POST /api/netplay/rooms opens a room (a write: the LIBRARY_TOKEN unlock and the
// cross-site rule apply as to every /api write), and GET /api/netplay/rooms/:roomId/socket upgrades to
// the room's WebSocket. The upgrade passes the same Host allowlist (the global onRequest hook) and, as a
// socket writes, the same cross-site rule as HTTP writes; joining needs no unlock.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { createRoomRequestSchema, roomIdSchema } from '@nes-studio/shared/netplay-api'
import { HttpError } from '../errors'
import { isCrossSiteRequest } from '../http/security'
import type { Gateway } from './gateway'
import type { RoomService } from './room.service'

export interface NetplayRoutesOptions {
  service: RoomService
  gateway: Gateway
  /** Origins besides the request's own Host that may write (TRUSTED_ORIGINS). */
  trustedOrigins: readonly string[]
}

function roomIdOf(request: FastifyRequest): string {
  const { roomId } = request.params as { roomId?: string }
  return roomId ?? ''
}

export async function netplayRoutes(app: FastifyInstance, opts: NetplayRoutesOptions) {
  const { service, gateway, trustedOrigins } = opts

  app.post('/api/netplay/rooms', { bodyLimit: 4096 }, async (request, reply) => {
    const parsed = createRoomRequestSchema.safeParse(request.body)
    if (!parsed.success) {
      throw new HttpError(
        400,
        'BadRequest',
        'Send {"game": {"kind": "library", "romId": …}} or {"game": {"kind": "cartridge", "fileName": …, "size": …}} as JSON.',
      )
    }
    return reply.status(201).send(await service.create(parsed.data.game))
  })

  app.route({
    method: 'GET',
    url: '/api/netplay/rooms/:roomId/socket',
    preValidation: async (request) => {
      if (isCrossSiteRequest(request, trustedOrigins)) {
        throw new HttpError(
          403,
          'CrossSiteRequest',
          'This room connection was opened from another site and was refused. Use the nes-studio page itself.',
        )
      }
      const roomId = roomIdOf(request)
      if (!roomIdSchema.safeParse(roomId).success || service.isMissingHere(roomId)) {
        throw new HttpError(404, 'NotFound', 'This room has ended, or the link is wrong.')
      }
    },
    handler: async () => {
      throw new HttpError(
        400,
        'BadRequest',
        "This is a room's WebSocket: open it with a WebSocket client (the player page does).",
      )
    },
    wsHandler: (socket, request) => gateway.attach(socket, roomIdOf(request), request.raw.socket),
  })
}
