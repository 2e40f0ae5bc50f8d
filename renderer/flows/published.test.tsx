import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import type { ServerVersion } from '../../shared/api/commands/revisions'
import { FlowRow, type FlowRowProps } from './FlowRow'
import { publishedLabel } from './health'

// The flows list shows each server's published version beside the draft (issue 36).

const v = (over: Partial<ServerVersion> = {}): ServerVersion => ({
  flowId: 'flw_1',
  serverId: 'srv_1',
  serverName: 'Prod',
  version: 3,
  revision: 14,
  label: 'holiday hours',
  publishedAt: 0,
  draftRevision: 14,
  ...over,
})

describe('publishedLabel', () => {
  it("names the server's version and its revision's name, and says when the draft has moved on", () => {
    expect(publishedLabel(v())).toEqual({
      text: 'Prod v3 · holiday hours',
      title: 'Prod runs version 3, published from revision 14 (“holiday hours”); the draft is that revision',
    })
    expect(publishedLabel(v({ draftRevision: 16 })).text).toBe('Prod v3 · holiday hours · draft newer')
    // The name publishing gave is not said twice.
    expect(publishedLabel(v({ label: 'Prod v3' })).text).toBe('Prod v3')
    expect(publishedLabel(v({ label: null, draftRevision: 15 })).title).toBe(
      'Prod runs version 3, published from revision 14; the draft is revision 15',
    )
  })
})

describe('FlowRow', () => {
  it('shows one badge per server beside the draft, marked when the draft is newer', () => {
    const noop = () => {}
    const props: FlowRowProps = {
      flow: { id: 'flw_1', name: 'Hours', active: true, nodeCount: 3, revision: 16, createdAt: 0, updatedAt: 0 },
      now: 0,
      editing: false,
      coverage: undefined,
      tests: undefined,
      published: [
        v({ draftRevision: 16 }),
        v({ serverId: 'srv_2', serverName: 'Staging', version: 5, revision: 16, label: null, draftRevision: 16 }),
      ],
      onOpen: noop,
      onStartRename: noop,
      onRename: async () => true,
      onCancelRename: noop,
      onDuplicate: noop,
      onDelete: noop,
      onToggleActive: noop,
      onTrigger: noop,
    }
    const html = renderToStaticMarkup(<FlowRow {...props} />)
    expect(html).toContain('>Prod v3 · holiday hours · draft newer</span>')
    expect(html).toMatch(/class="badge badge-ahead"[^>]*aria-label="On Prod: Prod runs version 3/)
    expect(html).toContain('>Staging v5</span>')
    expect(html).toMatch(
      /class="badge"[^>]*aria-label="On Staging: Staging runs version 5, published from revision 16; the draft is that revision"/,
    )
  })
})
