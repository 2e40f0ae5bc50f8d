import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createEffects } from '../../../shared/engine/effects'
import { createRenderer } from '../../../shared/engine/render'
import { mediaMessageDefinition, type MediaMessageConfig } from '../../../shared/nodes/media_message/definition'
import { runMedia } from '../../../shared/nodes/media_message/run'
import { createHttpEffect } from './http'
import { startTestServer, type TestServer } from './testing/server'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

const online = createEffects({ http: createHttpEffect() })
const offline = createEffects()
function media(patch: Partial<MediaMessageConfig>, vars: Record<string, unknown> = {}, effects = online) {
  return runMedia({ config: { ...mediaMessageDefinition.defaults(), ...patch }, effects, ...createRenderer(vars) })
}

describe('Media Message', () => {
  it('sends an image by link with its caption, after checking type and size', async () => {
    const out = await media({ url: `${server.base}/media/photo.jpg`, caption: 'Your order {{id}}' }, { id: 'A1' })
    expect(out.messages).toEqual([
      { type: 'image', image: { link: `${server.base}/media/photo.jpg`, caption: 'Your order A1' } },
    ])
    expect(out.output).toMatchObject({ checked: true, mime: 'image/jpeg', bytes: 2048 })
  })

  it('sends a document with its file name', async () => {
    const out = await media(
      { kind: 'document', url: `${server.base}/media/report.pdf`, filename: 'invoice-{{n}}.pdf', caption: '' },
      { n: 7 },
    )
    expect(out.messages).toEqual([
      { type: 'document', document: { link: `${server.base}/media/report.pdf`, filename: 'invoice-7.pdf' } },
    ])
  })

  it('refuses a type the kind does not accept, by extension or by the declared type', async () => {
    await expect(media({ url: 'https://cdn.example.com/a/pic.gif' }, {}, offline)).rejects.toMatchObject({
      code: 'media_type',
      message: expect.stringContaining('image/gif'),
    })
    await expect(media({ url: `${server.base}/media/anim` })).rejects.toMatchObject({ code: 'media_type' })
    await expect(media({ kind: 'video', url: `${server.base}/media/photo.jpg` })).rejects.toMatchObject({
      code: 'media_type',
    })
    await expect(
      media({ kind: 'document', url: `${server.base}/media/report.pdf`, filename: 'setup.exe.zip' }),
    ).rejects.toMatchObject({ code: 'media_type' })
  })

  it('refuses a file over the kind limit and a link that answers 404', async () => {
    await expect(media({ url: `${server.base}/media/big.png` })).rejects.toMatchObject({
      code: 'media_too_large',
      message: expect.stringContaining('at most 5.0 MB'),
    })
    await expect(media({ url: `${server.base}/media/missing.jpg` })).rejects.toMatchObject({
      code: 'media_unreachable',
    })
    // The same 6 MB file is fine as a document (limit 100 MB) were it a PDF; here it is a PNG, so the type refuses it.
    await expect(media({ kind: 'document', url: `${server.base}/media/big.png` })).rejects.toMatchObject({
      code: 'media_type',
    })
  })

  it('refuses an invalid link, and sends unchecked when the link cannot be reached', async () => {
    await expect(media({ url: '{{nothing}}' })).rejects.toMatchObject({ code: 'media_invalid_url' })
    await expect(media({ url: 'ftp://x.test/a.jpg' })).rejects.toMatchObject({ code: 'media_invalid_url' })
    const out = await media({ url: 'https://cdn.example.com/p.png' }, {}, offline)
    expect(out.output).toMatchObject({ checked: false, note: expect.stringContaining('not available') })
    expect(out.messages).toHaveLength(1)
  })

  it('refuses a caption longer than 1024 characters once filled', async () => {
    await expect(
      media({ url: `${server.base}/media/photo.jpg`, caption: '{{long}}' }, { long: 'x'.repeat(1025) }),
    ).rejects.toMatchObject({ code: 'media_caption_too_long' })
  })
})
