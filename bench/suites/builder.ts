// The Expression Builder's costs. Per keystroke (Node): lint (checkTemplate + the CodeMirror adapter),
// highlightTemplate and completion on a message near the 4 096-character limit, and scopeAt once per flow change.
// Per panel (Chromium): mounting N inline CodeMirror fields with the shared extensions, beside N plain textareas
// with the old highlight backdrop (the floor), so the cost of CodeMirror in every panel field is known.
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { chromium } from '@playwright/test'
import { highlightTemplate } from '../../shared/expr'
import { example } from '../../shared/analysis/testing/examples'
import { templateCompletions } from '../../renderer/expr-editor/completion'
import { scopeAt } from '../../renderer/expr-editor/context'
import { templateDiagnostics } from '../../renderer/expr-editor/lint'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const CHROMIUM = process.env.CHROMIUM_PATH ?? (fs.existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined)
const ROUNDS = 200
const CHUNK =
  'Hi {{customer_name}}, your order is {{order_lookup.result.status}} ({{round({{order_lookup.status}})}}). '

/** Mean milliseconds of fn over ROUNDS after a warm-up; the text changes each round so no cache hides the cost. */
function mean(fn: (round: number) => unknown): number {
  for (let i = 0; i < 20; i++) fn(i)
  const t0 = performance.now()
  for (let i = 0; i < ROUNDS; i++) fn(i)
  return (performance.now() - t0) / ROUNDS
}

function perKeystroke(): void {
  const doc = example('order-status')
  const scope = scopeAt(doc, 'n_found')
  const base = CHUNK.repeat(Math.ceil(3996 / CHUNK.length)).slice(0, 3990)
  const text = (i: number) => `${base}${String(i).padStart(6, '0')}`
  const lint = mean((i) => templateDiagnostics(text(i), scope.check))
  if (templateDiagnostics(text(0), scope.check).length)
    throw new Error('builder bench: the large message should lint clean')
  const highlight = mean((i) => highlightTemplate(text(i)))
  const complete = mean((i) =>
    templateCompletions(`${text(i)} {{order_lookup.res`, text(i).length + 19, scope.vars, false),
  )
  const scoping = mean(() => scopeAt(doc, 'n_found'))
  console.log(
    `per keystroke on a ${text(0).length}-character message at order_found of order-status (${scope.vars.length} variables), mean of ${ROUNDS}:`,
  )
  console.log(
    `  lint (checkTemplate + adapter) ${lint.toFixed(2)} ms   highlightTemplate ${highlight.toFixed(2)} ms   completion ${complete.toFixed(3)} ms   scopeAt (once per flow change) ${scoping.toFixed(2)} ms`,
  )
}

const PAGE_APP = `
import { EditorState } from '@codemirror/state'
import { EditorView } from '@codemirror/view'
import { splitTemplate } from './shared/expr/split'
import { templateExtensions } from './renderer/expr-editor/extensions'
import { scopeAt } from './renderer/expr-editor/context'
const settle = (root, t0) => { void root.offsetHeight; return performance.now() - t0 }
window.__editors = (doc, nodeId, texts) => {
  const root = document.getElementById('root'); root.replaceChildren()
  const t0 = performance.now()
  const scope = scopeAt(doc, nodeId)
  for (const t of texts) {
    const host = document.createElement('div'); root.appendChild(host)
    new EditorView({ parent: host, state: EditorState.create({ doc: t, extensions: templateExtensions({ vars: () => scope.vars, check: () => scope.check }, { singleLine: true, escapeToPanel: true }) }) })
  }
  return settle(root, t0)
}
window.__textareas = (texts) => {
  const root = document.getElementById('root'); root.replaceChildren()
  const t0 = performance.now()
  for (const t of texts) {
    const wrap = document.createElement('div'); wrap.style.position = 'relative'
    const back = document.createElement('div'); back.style.position = 'absolute'
    let last = 0
    for (const c of splitTemplate(t).chunks) {
      if (c.kind !== 'code') continue
      back.append(t.slice(last, c.start)); const m = document.createElement('mark'); m.textContent = t.slice(c.start, c.end); back.append(m); last = c.end
    }
    back.append(t.slice(last))
    const area = document.createElement('textarea'); area.value = t; area.rows = 1
    wrap.append(back, area); root.appendChild(wrap)
  }
  return settle(root, t0)
}`

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!

async function perPanel(): Promise<void> {
  const out = await build({
    stdin: { contents: PAGE_APP, loader: 'ts', resolveDir: ROOT },
    bundle: true,
    write: false,
    minify: true,
    format: 'iife',
  })
  const js = out.outputFiles[0]!.text.replace(/<\/script/gi, '<\\/script')
  const browser = await chromium.launch({
    ...(CHROMIUM ? { executablePath: CHROMIUM } : {}),
    args: ['--no-sandbox', '--disable-gpu'],
  })
  try {
    const page = await browser.newPage({ viewport: { width: 1200, height: 900 } })
    await page.setContent(
      `<!doctype html><html><body><div id="root" style="width:340px"></div><script>${js}</script></body></html>`,
    )
    const doc = example('order-status')
    console.log(
      'mounting N one-line fields (60-character templates) in Chromium, median of 7 (ms, creation through layout):',
    )
    for (const n of [10, 30, 60]) {
      const texts = Array.from(
        { length: n },
        (_, i) => `Order {{order_lookup.result.status}} for {{customer_name}} #${i}`,
      )
      const cm: number[] = []
      const ta: number[] = []
      for (let r = 0; r < 8; r++) {
        const a = (await page.evaluate(
          ([d, t]) => (window as never as { __editors: (...x: unknown[]) => number }).__editors(d, 'n_found', t),
          [doc, texts] as const,
        )) as number
        const b = (await page.evaluate(
          (t) => (window as never as { __textareas: (x: unknown) => number }).__textareas(t),
          texts,
        )) as number
        if (r === 0) continue // warm-up
        cm.push(a)
        ta.push(b)
      }
      console.log(
        `  ${String(n).padStart(2)} fields: CodeMirror ${median(cm).toFixed(1).padStart(6)} (${(median(cm) / n).toFixed(2)} each)   textarea floor ${median(ta).toFixed(1).padStart(5)}`,
      )
    }
  } finally {
    await browser.close()
  }
}

export async function run(): Promise<void> {
  perKeystroke()
  await perPanel()
}
