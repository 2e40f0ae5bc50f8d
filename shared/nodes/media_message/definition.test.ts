import { describe, expect, it } from 'vitest'
import { documentedDefaults, problemsOf, textPointersOf } from '../../analysis/testing/node'

describe('media_message', () => {
  it('captions only where the channel shows them; file name for documents', () => {
    expect(textPointersOf('media_message', { kind: 'image' })).toEqual(['/url', '/caption'])
    expect(textPointersOf('media_message', { kind: 'audio' })).toEqual(['/url'])
    expect(textPointersOf('media_message', { kind: 'document' })).toEqual(['/url', '/caption', '/filename'])
  })
  it.each([
    ['valid image', { url: 'https://cdn.test/a.jpg', caption: 'Hi' }, []],
    ['no URL', {}, ['config.required /url']],
    ['not http', { url: 'ftp://x/a.jpg' }, ['config.url /url']],
    ['caption of 1025', { url: 'https://x.test/a.jpg', caption: 'c'.repeat(1025) }, ['limit.length /caption']],
    ['audio with a caption', { kind: 'audio', url: 'https://x.test/a.ogg', caption: 'x' }, ['limit.caption /caption']],
    [
      'sticker with a file name',
      { kind: 'sticker', url: 'https://x.test/a.webp', filename: 'a.webp' },
      ['limit.filename /filename'],
    ],
  ])('%s', (_t, config, expected) => expect(problemsOf('media_message', config)).toEqual(expected))
})

describe('media_message defaults', () => {
  it('a new node starts with the documented settings, and a field left out of a file takes the same default', () => {
    const d = documentedDefaults('media_message', { kind: 'image', url: '', caption: '', filename: '', file: null })
    expect(d.newNode).toEqual(d.expectedNewNode)
    expect(d.leftOut).toEqual(d.expectedLeftOut)
  })
})
