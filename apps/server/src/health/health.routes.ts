// GET /api/health: whether the library answers, and what is wrong with it that the server keeps
// running through (damaged ROMs), for the operator and for monitoring.
import type { FastifyInstance } from 'fastify'
import type { HealthResponse } from '@nes-studio/shared'
import type { RomService } from '../roms/rom.service'

export interface HealthRoutesOptions {
  romService: RomService
  storage: HealthResponse['storage']
}

export async function healthRoutes(app: FastifyInstance, opts: HealthRoutesOptions): Promise<void> {
  app.get('/api/health', async (_request, reply): Promise<HealthResponse> => {
    // A database that does not answer fails this (503 StorageUnavailable), as every read would.
    await opts.romService.listRevision()
    const problems = await opts.romService.damagedRoms()
    reply.header('cache-control', 'no-store')
    return { status: problems.length > 0 ? 'degraded' : 'ok', storage: opts.storage, problems }
  })
}
