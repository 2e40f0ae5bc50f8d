// Placeholders rendered for the place they land in. A value typed by a customer must never change the shape of a
// request: in a URL it is percent-encoded, in a JSON body it is escaped (or written as a JSON value), in a form body
// it is form-encoded. Literal text around the placeholders is the author's and is kept as written.
import { splitTemplate } from '../../expr/split'
import type { RunContext } from '../../engine/runner'

type Renderers = Pick<RunContext<unknown>, 'render' | 'evaluate'>

/**
 * Renders a URL template. Every placeholder is percent-encoded except one that opens the URL: it supplies the base
 * ("{{api_base}}/orders/{{order_id}}"), which the author controls, so its slashes and colon must stay as they are.
 */
export function renderUrl(template: string, r: Renderers): string {
  const { chunks } = splitTemplate(template)
  let out = ''
  for (const c of chunks) {
    if (c.kind === 'text') out += c.text
    else {
      const value = r.render(template.slice(c.start, c.end))
      out += c.start === 0 ? value : encodeURIComponent(value)
    }
  }
  return out
}

/** Renders a form body ("a=1&name={{name}}"): placeholders form-encoded. */
export function renderForm(template: string, r: Renderers): string {
  const { chunks } = splitTemplate(template)
  let out = ''
  for (const c of chunks) {
    out +=
      c.kind === 'text'
        ? c.text
        : new URLSearchParams({ v: r.render(template.slice(c.start, c.end)) }).toString().slice(2)
  }
  return out
}

/**
 * Renders a JSON body template. A placeholder inside a JSON string ("name": "{{name}}") is escaped as string
 * content; one outside a string ("total": {{total}}) is written as the JSON of its value, so numbers stay numbers,
 * objects stay objects and an unset variable becomes null.
 */
export function renderJson(template: string, r: Renderers): string {
  const { chunks } = splitTemplate(template)
  let out = ''
  let inString = false
  for (const c of chunks) {
    if (c.kind === 'text') {
      inString = scanQuotes(c.text, inString)
      out += c.text
    } else if (inString) {
      out += JSON.stringify(r.render(template.slice(c.start, c.end))).slice(1, -1)
    } else {
      const value = r.evaluate(template.slice(c.start, c.end))
      out += value === '' || value === undefined ? 'null' : JSON.stringify(value)
    }
  }
  return out
}

/** Whether the text ends inside a JSON string, given whether it started inside one. */
function scanQuotes(text: string, inString: boolean): boolean {
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]
    if (inString && ch === '\\') i++
    else if (ch === '"') inString = !inString
  }
  return inString
}
