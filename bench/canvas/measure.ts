import type { Browser, CDPSession, Page } from '@playwright/test'
import { cookieName } from '../../electron/web/session-token'
import { gesture, INIT, opened, settle, type Gesture } from './page'

// One measurement of one canvas page: open it in a fresh browser context (a cold start, as an app launch is), then
// pan the pane and drag the card nearest the centre, each as one in-page gesture. Chromium's own counters (CDP
// Performance.getMetrics) split each gesture's main-thread time into script, style, layout and the rest.

export const VIEWPORT = { width: 1400, height: 900 }

export interface Split {
  task: number
  script: number
  style: number
  layout: number
}

export interface Measured {
  open: number
  /** Long-task time over 50 ms each until the canvas showed (total blocking time). */
  blocking: number
  pan: Gesture & { split: Split }
  drag: Gesture & { split: Split }
  /** The canvas element's size, so the floor can be drawn at the studio's size. */
  canvas: { width: number; height: number }
}

const METRICS: Record<keyof Split, string> = {
  task: 'TaskDuration',
  script: 'ScriptDuration',
  style: 'RecalcStyleDuration',
  layout: 'LayoutDuration',
}

async function metrics(cdp: CDPSession): Promise<Split> {
  const { metrics: list } = (await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] }
  const of = (name: string) => (list.find((m) => m.name === name)?.value ?? 0) * 1000
  return { task: of(METRICS.task), script: of(METRICS.script), style: of(METRICS.style), layout: of(METRICS.layout) }
}

const minus = (a: Split, b: Split): Split => ({
  task: a.task - b.task,
  script: a.script - b.script,
  style: a.style - b.style,
  layout: a.layout - b.layout,
})

/** Where to press: an empty spot of the pane (so the press pans, not drags) or the header of the most central card. */
const POINT = `((kind) => {
  const box = document.querySelector('.react-flow').getBoundingClientRect()
  if (kind === 'node') {
    const cx = box.x + box.width / 2, cy = box.y + box.height / 2
    let best = null, dist = Infinity
    for (const el of document.querySelectorAll('.react-flow__node')) {
      const r = el.getBoundingClientRect()
      const d = Math.hypot(r.x + r.width / 2 - cx, r.y + r.height / 2 - cy)
      if (d < dist && r.width > 0) { best = r; dist = d }
    }
    return best && [best.x + best.width / 2, best.y + Math.min(6, best.height / 2)]
  }
  for (let y = box.y + 20; y < box.y + box.height / 2; y += 3)
    for (let x = box.x + 20; x < box.x + box.width / 2; x += 3) {
      const el = document.elementFromPoint(x, y)
      if (el && el.classList.contains('react-flow__pane')) return [x, y]
    }
  return null
})`

async function point(page: Page, kind: 'pane' | 'node'): Promise<[number, number]> {
  const p = (await page.evaluate(`${POINT}(${JSON.stringify(kind)})`)) as [number, number] | null
  if (!p) throw new Error(`no ${kind} to press on the canvas`)
  return p
}

export interface ProfileHooks {
  /** Called around each gesture with the page's CDP session, to record a CPU profile of it. */
  around<T>(cdp: CDPSession, label: string, act: () => Promise<T>): Promise<T>
}

/** The browser host to open pages of: its origin and the session token it printed (electron/web/session-token.ts). */
export interface Host {
  url: string
  port: number
  token: string
}

export async function measure(
  browser: Browser,
  host: Host,
  route: string,
  init: string,
  profile?: ProfileHooks,
  /** False for a read-only canvas (a comparison): its cards do not move, so the drag is not measured (pan again). */
  drag = true,
): Promise<Measured> {
  const context = await browser.newContext({ viewport: VIEWPORT })
  // As after a person opened the printed address: the token is the host's cookie, so both sides load alike.
  await context.addCookies([
    { name: cookieName(host.port), value: host.token, url: host.url, httpOnly: true, sameSite: 'Strict' },
  ])
  const url = `${host.url}${route}`
  try {
    const page = await context.newPage()
    await page.addInitScript(INIT)
    if (init) await page.addInitScript(init)
    const cdp = await context.newCDPSession(page)
    await cdp.send('Performance.enable')
    const load = async () => {
      await page.goto(url)
      return opened(page)
    }
    const { open, blocking } = profile ? await profile.around(cdp, 'open', load) : await load()
    const box = (await page.locator('.react-flow').boundingBox())!
    // The studio opens a flow too big to read whole at a readable zoom at its Trigger (issue 41), the floor fitted:
    // the gestures compare the same scene, the whole flow as Fit View shows it (the floor has no such button).
    const fit = page.getByRole('button', { name: 'Fit View' })
    if (await fit.count()) await fit.click()
    const run = async (label: 'pan' | 'drag', dx: number, dy: number) => {
      await settle(page)
      const [x, y] = await point(page, label === 'pan' ? 'pane' : 'node')
      const before = await metrics(cdp)
      const act = () => gesture(page, x, y, dx, dy)
      const g = profile ? await profile.around(cdp, label, act) : await act()
      return { ...g, split: minus(await metrics(cdp), before) }
    }
    const pan = await run('pan', 240, 160)
    const dragged = drag ? await run('drag', 200, 120) : pan
    return {
      open,
      blocking,
      pan,
      drag: dragged,
      canvas: { width: Math.round(box.width), height: Math.round(box.height) },
    }
  } finally {
    await context.close()
  }
}
