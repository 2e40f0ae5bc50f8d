import fs from 'node:fs'
import path from 'node:path'
import { execFileSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'

// Every colour of the studio is a token of renderer/styles/theme.css (its :root block holds every token, the dark
// block overrides the colours): a raw colour in a screen's stylesheet shows as a light patch in the dark theme, and
// an undefined token draws nothing at all (a toast without a background, a dialog without its backdrop).
const ROOT = path.resolve(import.meta.dirname, '../..')
const THEME = 'renderer/styles/theme.css'
const RAW_COLOUR = /#[0-9a-fA-F]{3,8}\b|\b(?:rgb|rgba|hsl|hsla)\(/g
const sheets = execFileSync('git', ['ls-files', 'renderer/**/*.css'], { cwd: ROOT, encoding: 'utf8' })
  .split('\n')
  .filter((f) => f && f !== THEME)
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '')

function tokens(block: string): Set<string> {
  return new Set([...block.matchAll(/(--[\w-]+)\s*:/g)].map((m) => m[1]!))
}

describe('colour tokens', () => {
  const theme = read(THEME)
  const darkAt = theme.indexOf(":root[data-theme='dark']")
  const light = tokens(theme.slice(0, darkAt))
  const dark = tokens(theme.slice(darkAt))

  it('the stylesheets of the screens use no raw colour', () => {
    const raw = sheets.flatMap((f) => (read(f).match(RAW_COLOUR) ?? []).map((c) => `${f}: ${c}`))
    expect(sheets).toContain('renderer/emulator/emulator.css')
    expect(raw).toEqual([])
  })

  it('every token a stylesheet uses is defined by the theme', () => {
    const used = new Set(sheets.flatMap((f) => [...read(f).matchAll(/var\((--[\w-]+)/g)].map((m) => m[1]!)))
    // Tokens set by components at run time (a node card's category colour) are not the theme's.
    const local = new Set(sheets.flatMap((f) => [...tokens(read(f))]))
    const missing = [...used].filter((t) => !local.has(t) && !light.has(t))
    expect(missing).toEqual([])
  })

  it('the dark theme sets only tokens the light one has', () => {
    expect([...dark].filter((t) => !light.has(t))).toEqual([])
  })
})
