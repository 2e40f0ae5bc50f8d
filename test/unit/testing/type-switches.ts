// Finds code that decides by a node type's name outside that type's own folders: a comparison of a `type` or
// `nodeType` with a name ('question'), a `case 'question':` of a switch on a type, a list of names asked whether it
// holds a type, or a named type's config read (`configOf(node, 'chat_flow')`). What a node does is declared on its
// module (shared/nodes/behaviour.ts) and read from there; see docs/architecture.md, "Adding a node type".
import fs from 'node:fs'
import path from 'node:path'

export interface TypeSwitch {
  file: string
  line: number
  text: string
}

/** Source files outside tests and test helpers, relative to `root`, with '/' separators. */
export function sourceFiles(root: string, folders: readonly string[]): string[] {
  const out: string[] = []
  const walk = (rel: string) => {
    for (const e of fs.readdirSync(path.join(root, rel), { withFileTypes: true })) {
      const child = `${rel}/${e.name}`
      if (e.isDirectory()) {
        if (e.name !== 'node_modules' && e.name !== 'testing') walk(child)
      } else if (/\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts')) out.push(child)
    }
  }
  for (const f of folders) if (fs.existsSync(path.join(root, f))) walk(f)
  return out.sort()
}

/** Whether `file` lies in one of the type's own folders (shared/nodes/<type>/, renderer/nodes/<type>/). */
function ownFolderOf(file: string, types: readonly string[]): string | null {
  const m = /^(?:shared|renderer)\/nodes\/([^/]+)\//.exec(file)
  return m && types.includes(m[1]!) ? m[1]! : null
}

export function typeSwitches(file: string, source: string, types: readonly string[]): TypeSwitch[] {
  const own = ownFolderOf(file, types)
  const names = types.filter((t) => t !== own).map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
  if (!names.length) return []
  const name = `'(?:${names.join('|')})'`
  const typeExpr = String.raw`\b(?:type|nodeType)\b`
  const patterns = [
    // n.type === 'question', e.nodeType !== 'script', 'router' === n.type
    new RegExp(String.raw`${typeExpr}\s*[!=]==?\s*${name}`),
    new RegExp(String.raw`${name}\s*[!=]==?\s*(?:[\w.?!]+\.)?${typeExpr}`),
    // configOf(node, 'chat_flow'), parseConfig('trigger', …), definitionOf('router')
    new RegExp(String.raw`\b(?:configOf|parseConfig|definitionOf)\s*\([^)]*${name}`),
    // ['condition', 'router'].includes(n.type)
    new RegExp(String.raw`\[[^\]]*${name}[^\]]*\]\s*\.\s*(?:includes|indexOf)\s*\([^)]*${typeExpr}`),
  ]
  const caseOf = new RegExp(String.raw`^\s*case\s+${name}\s*:`)
  const out: TypeSwitch[] = []
  let switchOnType = false
  source.split('\n').forEach((text, i) => {
    const sw = /\bswitch\s*\((.*)\)\s*\{/.exec(text)
    if (sw) switchOnType = new RegExp(String.raw`${typeExpr}\s*$`).test(sw[1]!.trim())
    const code = text.replace(/\/\/.*$/, '')
    if (patterns.some((p) => p.test(code)) || (switchOnType && caseOf.test(code)))
      out.push({ file, line: i + 1, text: text.trim() })
  })
  return out
}
