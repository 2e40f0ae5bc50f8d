import type { FastifyInstance } from 'fastify'
import { buildPublishApp, type PublishTarget } from './http'

export const DEFAULT_PUBLISH_PORT = 7374

/** Starts the publish API on host:port (0: any free port); resolves with its base URL and a stop function. */
export async function startPublishApi(
  target: PublishTarget,
  key: string,
  host: string,
  port: number,
): Promise<{ url: string; app: FastifyInstance }> {
  if (key.length < 16) throw new Error('the publish key must be at least 16 characters')
  const app = buildPublishApp(target, key)
  await app.listen({ host, port })
  const address = app.server.address()
  const bound = typeof address === 'object' && address ? address.port : port
  return { url: `http://${host.includes(':') ? `[${host}]` : host}:${bound}/api/v1`, app }
}
