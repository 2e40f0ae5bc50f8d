import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createEffects } from '../../../shared/engine/effects'
import { createRenderer } from '../../../shared/engine/render'
import { mediaMessageDefinition } from '../../../shared/nodes/media_message/definition'
import { runMedia } from '../../../shared/nodes/media_message/run'
import { createTempBackend, expectOk, type TempBackend } from '../testing/backend'
import { storedMediaFile } from '../../services/effects/media-store'

// A real 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
)
const SHA = crypto.createHash('sha256').update(PNG).digest('hex')

let temp: TempBackend
beforeEach(() => {
  temp = createTempBackend()
})
afterEach(() => temp.cleanup())

async function upload(
  data: Buffer,
  name: string,
  kind: 'image' | 'video' | 'audio' | 'document' | 'sticker',
  chunk = data.length || 1,
) {
  const uploadId = `up_${crypto.randomBytes(6).toString('hex')}`
  for (let offset = 0; offset < data.length || offset === 0; offset += chunk) {
    expectOk(
      await temp.backend.call('integrations.mediaChunk', {
        uploadId,
        offset,
        data: data.subarray(offset, offset + chunk).toString('base64'),
      }),
    )
    if (data.length === 0) break
  }
  return temp.backend.call('integrations.storeMedia', { uploadId, name, kind })
}

describe('local media files', () => {
  it('stores a PNG sent in chunks under its content hash, once, and leaves no upload behind', async () => {
    const first = expectOk(await upload(PNG, 'logo.png', 'image', 20))
    expect(first.file).toEqual({ ref: `${SHA}.png`, name: 'logo.png', mime: 'image/png', bytes: PNG.length })
    const stored = path.join(temp.dataDir, 'media', `${SHA}.png`)
    expect(fs.readFileSync(stored)).toEqual(PNG)
    // The same bytes under another name: the same stored file.
    const again = expectOk(await upload(PNG, 'copy.jpg', 'image'))
    expect(again.file.ref).toBe(`${SHA}.png`)
    expect(fs.readdirSync(path.join(temp.dataDir, 'media')).sort()).toEqual(['.uploads', `${SHA}.png`])
    expect(fs.readdirSync(path.join(temp.dataDir, 'media', '.uploads'))).toEqual([])
  })

  it('refuses by content: a program named .png, a PNG as a video, a GIF, an empty file', async () => {
    const exe = await upload(Buffer.from('MZ\x90\x00 this is a program'), 'photo.png', 'image')
    expect(exe.ok ? null : exe.error).toMatchObject({
      code: 'media_type',
      message: expect.stringContaining('photo.png is application/x-msdownload'),
    })
    const asVideo = await upload(PNG, 'logo.png', 'video')
    expect(asVideo.ok ? null : asVideo.error).toMatchObject({
      code: 'media_type',
      message: expect.stringContaining('video/mp4, video/3gpp'),
    })
    const gif = await upload(Buffer.from('GIF89a....'), 'a.gif', 'image')
    expect(gif.ok ? null : gif.error.code).toBe('media_type')
    const empty = await upload(Buffer.alloc(0), 'a.png', 'image')
    expect(empty.ok ? null : empty.error.code).toBe('media_empty')
    expect(fs.readdirSync(path.join(temp.dataDir, 'media')).filter((f) => !f.startsWith('.'))).toEqual([])
  })

  it('refuses a file over the kind limit: a 600 KB WebP is no sticker', async () => {
    const webp = Buffer.concat([Buffer.from('RIFF\0\0\0\0WEBPVP8 '), Buffer.alloc(600 * 1024)])
    const r = await upload(webp, 'big.webp', 'sticker', 256 * 1024)
    expect(r.ok ? null : r.error).toMatchObject({
      code: 'media_too_large',
      message: 'big.webp is 601 KB; a sticker may be at most 500 KB.',
    })
  })

  it('refuses chunks out of order, unknown uploads, and data that is not base64 (zod)', async () => {
    const uploadId = 'up_abcdefgh12'
    const a = await temp.backend.call('integrations.mediaChunk', { uploadId, offset: 5, data: 'AAAA' })
    expect(a.ok ? null : a.error.code).toBe('not_found')
    expectOk(await temp.backend.call('integrations.mediaChunk', { uploadId, offset: 0, data: 'AAAA' }))
    const gap = await temp.backend.call('integrations.mediaChunk', { uploadId, offset: 10, data: 'AAAA' })
    expect(gap.ok ? null : gap.error.code).toBe('conflict')
    const bad = await temp.backend.call('integrations.mediaChunk', { uploadId, offset: 3, data: 'not base64!' })
    expect(bad.ok ? null : bad.error.code).toBe('bad_request')
    const escape = await temp.backend.call('integrations.storeMedia', {
      uploadId: 'up_../../etc',
      name: 'x.png',
      kind: 'image',
    })
    expect(escape.ok ? null : escape.error.code).toBe('bad_request')
  })

  it('a Media Message node sends the stored file by its studio link, checked again against the kind', async () => {
    const { file } = expectOk(await upload(PNG, 'logo.png', 'image'))
    const run = (kind: 'image' | 'document') =>
      runMedia({
        config: { ...mediaMessageDefinition.defaults(), kind, file, caption: 'Our {{what}}' },
        effects: createEffects(),
        ...createRenderer({ what: 'logo' }),
      })
    const out = await run('image')
    expect(out.messages).toEqual([{ type: 'image', image: { link: `/media/${SHA}.png`, caption: 'Our logo' } }])
    expect(out.output).toMatchObject({ checked: true, mime: 'image/png', bytes: PNG.length, file: 'logo.png' })
    await expect(run('document')).rejects.toMatchObject({ code: 'media_type' })
    const problems = mediaMessageDefinition.validate(
      { ...mediaMessageDefinition.defaults(), kind: 'video', file },
      { nodeId: 'n', nodeName: 'media_message_1', configPointer: '/nodes/0/config' },
    )
    expect(problems.map((p) => p.field)).toEqual(['/file'])
  })
})

describe("storedMediaFile (the hosts' /media/ route)", () => {
  it('finds a stored file with its type and nothing else', async () => {
    expectOk(await upload(PNG, 'logo.png', 'image'))
    expect(storedMediaFile(temp.dataDir, `/media/${SHA}.png`)).toEqual({
      path: path.join(temp.dataDir, 'media', `${SHA}.png`),
      mime: 'image/png',
    })
    for (const p of [
      `/media/${SHA}.jpg`,
      '/media/../studio.sqlite',
      `/media/%2e%2e/${SHA}.png`,
      `/media/.uploads/x`,
      `/media/${SHA.toUpperCase()}.png`,
      `/x/media/${SHA}.png`,
    ])
      expect(storedMediaFile(temp.dataDir, p)).toBeNull()
  })
})
