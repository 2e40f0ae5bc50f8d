import type { FlowDocument } from '../../../shared/flow/document'
import { ApiFailure } from '../../services/failure'
import type { HandlerContext } from '../handlers/types'
import { sentDocument } from '../publish/preview'
import { publishClient } from '../publish/servers'

// "The draft and what a production server runs": the publish API lists a server's versions but does not hand back
// a document, so the running version is compared as this studio sent it (electron/studio/publish/preview.ts keeps
// every document it publishes). A version this studio did not send is refused in words, never guessed.

export async function serverSide(
  ctx: HandlerContext,
  serverId: string,
  flowId: string,
): Promise<{ version: number; serverName: string; document: FlowDocument }> {
  const client = ctx.service(publishClient)
  const server = client.list().find((s) => s.id === serverId)
  if (!server) throw new ApiFailure('not_found', 'That server is no longer in the list of publish servers.')
  const running = (await client.versions(serverId, flowId)).find((v) => v.active)
  if (!running) throw new ApiFailure('not_found', `This flow is not published on ${server.name}.`)
  const document = sentDocument(ctx.db, serverId, flowId, running.version)
  if (!document)
    throw new ApiFailure(
      'unavailable',
      `Version ${running.version} on ${server.name} was not published from this studio, so it cannot be compared.`,
    )
  return { version: running.version, serverName: server.name, document }
}
