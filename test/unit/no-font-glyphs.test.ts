import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

// The studio draws every mark with a shipped icon (lucide-react), never with a symbol character: ticks, warning
// signs, play buttons and emoji come from whatever fonts the machine has, and where none has them the user sees an
// empty box (the phone's header did). Arrows and punctuation are in every text font and stay text.

const ROOT = path.resolve(import.meta.dirname, '../../renderer')
/** Misc technical, geometric shapes, misc symbols, dingbats, symbols and arrows, emoji, variation selector 16. */
const FONT_DEPENDENT = /[\u2300-\u23ff\u25a0-\u27bf\u2b00-\u2bff\u{1f000}-\u{1faff}]|\ufe0f/u

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const file = path.join(dir, e.name)
    if (e.isDirectory()) return sources(file)
    return /\.(tsx?|css|html)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [file] : []
  })
}

describe('glyphs', () => {
  it('the renderer draws no symbol that depends on the fonts installed', () => {
    const found = sources(ROOT).flatMap((file) =>
      fs
        .readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) =>
          FONT_DEPENDENT.test(line) ? [`${path.relative(ROOT, file)}:${i + 1}: ${line.trim()}`] : [],
        ),
    )
    expect(found).toEqual([])
  })
})
