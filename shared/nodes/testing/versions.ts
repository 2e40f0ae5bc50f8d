import type { VersionedNodeType } from '../../flow/node-versions'
import { NODE_VERSIONS } from '../load-flow'

// A test-only history for a real node type, so every path that reads documents can be shown migrating one: in these
// tests Message is at version 2, and its version 1 called the text `body`. No real node type has changed its config
// yet; a test registers this one for its own duration (registerNodeVersion) and nothing else sees it.
export const MESSAGE_V2: VersionedNodeType = {
  type: 'message',
  label: 'Message',
  version: 2,
  migrations: [
    {
      from: 1,
      description: "The message text is called 'text' (it was 'body').",
      up: ({ body, ...rest }) => ({ ...rest, text: typeof body === 'string' ? body : '' }),
    },
  ],
}

/** Puts `type` in this build's catalogue in place of the real one; the returned function puts the real one back. */
export function registerNodeVersion(type: VersionedNodeType): () => void {
  const catalogue = NODE_VERSIONS as Map<string, VersionedNodeType>
  const real = catalogue.get(type.type)
  catalogue.set(type.type, type)
  return () => {
    if (real) catalogue.set(type.type, real)
    else catalogue.delete(type.type)
  }
}

/**
 * Documents kept in the repo, shared/flow/testing/fixtures/node-versions/<name>.flow.json: `current` (every node at
 * version 1), `before-versions` (written before node versions: no typeVersion), `message-v1-body` (Message at the
 * test-only version 1 above) and `newer` (a Message at version 7, which no build knows).
 */
export const NODE_VERSION_FIXTURES = 'shared/flow/testing/fixtures/node-versions'
