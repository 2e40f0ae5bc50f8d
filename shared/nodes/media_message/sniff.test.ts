import { describe, expect, it } from 'vitest'
import { extensionOf, mimeOfExtension, sniffMime } from './sniff'

const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)))
const PNG = bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'IHDR')

describe('sniffMime: the type the bytes prove', () => {
  it.each([
    ['JPEG', bytes([0xff, 0xd8, 0xff, 0xe0]), 'a.jpg', 'image/jpeg'],
    ['PNG', PNG, 'a.png', 'image/png'],
    ['GIF', bytes('GIF89a'), 'a.gif', 'image/gif'],
    ['WebP', bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 '), 'a.webp', 'image/webp'],
    ['PDF', bytes('%PDF-1.7'), 'a.pdf', 'application/pdf'],
    ['MP4', bytes([0, 0, 0, 0x18], 'ftypisom'), 'a.mp4', 'video/mp4'],
    ['3GP', bytes([0, 0, 0, 0x18], 'ftyp3gp5'), 'a.3gp', 'video/3gpp'],
    ['M4A', bytes([0, 0, 0, 0x18], 'ftypM4A '), 'a.m4a', 'audio/mp4'],
    ['OGG', bytes('OggS'), 'a.ogg', 'audio/ogg'],
    ['AMR', bytes('#!AMR\n'), 'a.amr', 'audio/amr'],
    ['MP3 with tag', bytes('ID3'), 'a.mp3', 'audio/mpeg'],
    ['MP3 frame', bytes([0xff, 0xfb, 0x90]), 'a.mp3', 'audio/mpeg'],
    ['AAC (ADTS)', bytes([0xff, 0xf1, 0x50]), 'a.aac', 'audio/aac'],
    [
      'DOCX (zip)',
      bytes([0x50, 0x4b, 0x03, 0x04]),
      'a.docx',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    ],
    ['XLS (OLE2)', bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), 'a.xls', 'application/vnd.ms-excel'],
    ['text', new TextEncoder().encode('hello\nworld — ok'), 'notes.txt', 'text/plain'],
  ])('%s', (_what, head, name, mime) => {
    expect(sniffMime(head, name)).toBe(mime)
  })

  it('believes the bytes, not the name: a renamed program, archive or page is what it is', () => {
    expect(sniffMime(bytes('MZ', [0x90, 0]), 'photo.png')).toBe('application/x-msdownload')
    expect(sniffMime(bytes([0x7f], 'ELF'), 'photo.jpg')).toBe('application/x-elf')
    expect(sniffMime(bytes([0x50, 0x4b, 0x03, 0x04]), 'photo.png')).toBe('application/zip')
    expect(sniffMime(PNG, 'photo.jpg')).toBe('image/png')
    expect(sniffMime(bytes('<html><script>'), 'photo.png')).toBeNull()
  })

  it('takes text only for a .txt name and only when it is text', () => {
    expect(sniffMime(bytes('plain words'), 'a.pdf')).toBeNull()
    expect(sniffMime(bytes('bin', [0, 1, 2]), 'a.txt')).toBeNull()
    expect(sniffMime(bytes([0xc3, 0x28]), 'a.txt')).toBeNull()
  })

  it('names stored files by their proven type', () => {
    expect(extensionOf('image/png')).toBe('png')
    expect(extensionOf('application/vnd.ms-powerpoint')).toBe('ppt')
    expect(mimeOfExtension('jpg')).toBe('image/jpeg')
    expect(mimeOfExtension('exe')).toBeNull()
  })
})
