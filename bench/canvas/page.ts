import type { Page } from '@playwright/test'

// What the canvas benchmark runs inside the page. Strings, not functions: tsx compiles functions with helpers
// (__name) that do not exist in the page.
//
// Frame time = the interval between consecutive requestAnimationFrame callbacks (performance.now()). The browser
// runs with --disable-gpu-vsync --disable-frame-rate-limit (see CHROMIUM_ARGS), so a frame is produced as soon as the
// previous one is done instead of on a 60 Hz tick, and a 6 ms frame no longer reads as 16.7 ms.

/** Installed before any page script: long tasks from the very start, and the moment the canvas first shows. */
export const INIT = `(() => {
  const longTasks = []
  window.__longTasks = longTasks
  try {
    new PerformanceObserver((list) => { for (const e of list.getEntries()) longTasks.push([e.startTime, e.duration]) })
      .observe({ type: 'longtask', buffered: true })
  } catch {}
  // Open = the end of the frame that first paints a measured node in a fitted viewport (React Flow hides nodes until
  // measured and fits the view after measuring). The DOM is checked whenever it changes (a MutationObserver) and at
  // every frame. Seen during a frame's rendering (after its animation callbacks, e.g. a fit from a ResizeObserver
  // callback), a message posted then is handled right after that frame's style, layout and paint; seen in an
  // ordinary task, the next frame paints it. (Waiting for the next frame's callback in every case would also count
  // whatever the page does after the canvas showed, e.g. the studio's first validation pass in its first idle moment,
  // renderer/editor/problems.ts.)
  window.__opened = new Promise((resolve) => {
    const done = new MessageChannel()
    done.port1.onmessage = () => {
      performance.mark('canvas-opened') // on a profile's timeline (CANVAS_PROFILE traces blink.user_timing)
      resolve(performance.now())
    }
    const frameEnd = new MessageChannel()
    let inFrame = false
    frameEnd.port1.onmessage = () => (inFrame = false)
    let seen = false
    const check = () => {
      if (seen) return
      const vp = document.querySelector('.react-flow__viewport')
      // The diff case waits for the canvas in compare mode (bench/suites/canvas.ts COMPARE_INIT).
      const node = document.querySelector(window.__openSelector || '.react-flow__node')
      const fitted = vp && vp.style.transform && vp.style.transform !== 'translate(0px, 0px) scale(1)'
      if (!node || !fitted || node.style.visibility === 'hidden') return
      seen = true
      watch.disconnect()
      if (inFrame) done.port2.postMessage(null)
      else requestAnimationFrame(() => done.port2.postMessage(null))
    }
    const watch = new MutationObserver(check)
    document.addEventListener('DOMContentLoaded', () => watch.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['style'] }))
    const tick = () => {
      inFrame = true
      frameEnd.port2.postMessage(null)
      check()
      if (!seen) requestAnimationFrame(tick)
    }
    requestAnimationFrame(tick)
  })
})()`

/**
 * A press, `steps` moves out and `steps` back, one move per animation frame (as Chromium delivers real mouse moves,
 * aligned to frames), then a release; dispatched in the page so the number of moves never depends on how fast the
 * benchmark process talks to the browser. Returns the frame intervals and the long tasks that overlapped.
 */
const GESTURE = `(async ([x, y, dx, dy, steps]) => {
  const target = document.elementFromPoint(x, y)
  if (!target) throw new Error('nothing at ' + x + ',' + y)
  const at = (cx, cy, buttons) => ({ bubbles: true, cancelable: true, composed: true, view: window, clientX: cx, clientY: cy, screenX: cx, screenY: cy, button: 0, buttons, pointerId: 1, pointerType: 'mouse', isPrimary: true })
  const fire = (type, cx, cy, buttons) => {
    const Ctor = type.startsWith('pointer') ? PointerEvent : MouseEvent
    target.dispatchEvent(new Ctor(type, at(cx, cy, buttons)))
  }
  // What must move: the dragged card, or the viewport when the press is on the pane.
  const mover = target.closest('.react-flow__node') || document.querySelector('.react-flow__viewport')
  const before = mover.style.transform
  let moved = false
  const firstTask = window.__longTasks.length
  const t0 = performance.now()
  fire('pointerdown', x, y, 1); fire('mousedown', x, y, 1)
  const frames = await new Promise((resolve) => {
    const out = []
    let last = null, i = 0
    const step = (t) => {
      if (last !== null) out.push(t - last)
      last = t
      i++
      if (i > 2 * steps) return resolve(out)
      if (i === steps + 1) moved = mover.style.transform !== before
      const k = i <= steps ? i : 2 * steps - i
      const cx = x + (dx * k) / steps, cy = y + (dy * k) / steps
      fire('pointermove', cx, cy, 1); fire('mousemove', cx, cy, 1)
      requestAnimationFrame(step)
    }
    requestAnimationFrame(step)
  })
  fire('pointerup', x, y, 0); fire('mouseup', x, y, 0)
  const t1 = performance.now()
  // Long tasks are reported a little after they end.
  await new Promise((r) => setTimeout(r, 50))
  const tasks = window.__longTasks.slice(firstTask).filter(([s]) => s >= t0 && s <= t1).map(([, d]) => d)
  return { frames, tasks, moved }
})`

export interface Gesture {
  frames: number[]
  /** Durations of the long tasks (over 50 ms) during the gesture. */
  tasks: number[]
  /** Whether the card (or the viewport) had moved at the far end: a gesture that moved nothing measured nothing. */
  moved: boolean
}

export async function gesture(page: Page, x: number, y: number, dx: number, dy: number, steps = 60): Promise<Gesture> {
  const g = (await page.evaluate(`${GESTURE}(${JSON.stringify([x, y, dx, dy, steps])})`)) as Gesture
  if (!g.moved) throw new Error(`the gesture at ${x},${y} moved nothing`)
  return g
}

/** Milliseconds from navigation start to the first painted frame of the fitted canvas, and the long tasks until then. */
export async function opened(page: Page): Promise<{ open: number; blocking: number }> {
  return (await page.evaluate(`window.__opened.then((t) => ({
    open: t,
    blocking: window.__longTasks.filter(([s]) => s <= t).reduce((sum, [, d]) => sum + Math.max(0, d - 50), 0),
  }))`)) as { open: number; blocking: number }
}

/** Waits until two frames have passed with nothing else to do, so a measurement starts from a quiet page. */
export const settle = (page: Page) =>
  page.evaluate('new Promise((r) => setTimeout(() => requestAnimationFrame(() => requestAnimationFrame(r)), 300))')
